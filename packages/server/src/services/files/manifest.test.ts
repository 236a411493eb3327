import { describe, expect, it } from 'vitest';
import { manifestSha256 } from './manifest.ts';

describe('manifestSha256', () => {
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);

  it('writes one line per file, checksum, two spaces, path, in the order given', () => {
    expect(
      manifestSha256([
        { key: 'data.csv', sha256: a },
        { key: 'dir/méteo 1.txt', sha256: b },
      ]),
    ).toBe(`${a}  data.csv\n${b}  dir/méteo 1.txt\n`);
  });

  it('percent-encodes %, CR and LF in paths, as BagIt asks', () => {
    expect(manifestSha256([{ key: '100%\r\nfile', sha256: a }])).toBe(`${a}  100%25%0D%0Afile\n`);
  });

  it('is empty without files', () => {
    expect(manifestSha256([])).toBe('');
  });
});
