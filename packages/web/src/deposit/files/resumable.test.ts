import { afterEach, describe, expect, it } from 'vitest';
import type { DraftFile } from './files-api.ts';
import { resumableEntry } from './resumable.ts';
import { markUpload } from './upload-marks.ts';

const MiB = 1024 * 1024;
const size = 12 * MiB + 345;
const self = 'http://localhost:5000/api/records/a1b2c-3d4e5/draft/files/big.bin';

function pending(overrides: Partial<DraftFile> = {}): DraftFile {
  return {
    key: 'big.bin',
    size,
    status: 'pending',
    checksum: null,
    transfer: { type: 'M', parts: 3, part_size: 5 * MiB, parts_done: [1, 2] },
    links: { self },
    ...overrides,
  };
}

const chosen = (name = 'big.bin', bytes = size, lastModified = 1_700_000_000_000) =>
  ({ name, size: bytes, lastModified }) as File;

afterEach(() => window.localStorage.clear());

describe('resumableEntry', () => {
  it('continues the unfinished multipart upload of a file with the same name, size and parts', () => {
    expect(resumableEntry(chosen(), [pending()], [])).toEqual(pending());
    // Names compare Unicode-normalised, as for duplicates.
    const accented = pending({ key: 'caf\u00e9.bin' });
    expect(resumableEntry(chosen('cafe\u0301.bin'), [accented], [])).toBe(accented);
  });

  it('starts anew for another size, other parts, a finished or whole-file upload, or one in transfer', () => {
    expect(resumableEntry(chosen('big.bin', size + 1), [pending()], [])).toBeUndefined();
    const otherParts = pending({ transfer: { type: 'M', parts: 1, part_size: size } });
    expect(resumableEntry(chosen(), [otherParts], [])).toBeUndefined();
    expect(resumableEntry(chosen(), [pending({ status: 'completed' })], [])).toBeUndefined();
    expect(resumableEntry(chosen(), [pending({ transfer: { type: 'L' } })], [])).toBeUndefined();
    expect(resumableEntry(chosen(), [pending()], ['big.bin'])).toBeUndefined();
    expect(resumableEntry(chosen('other.bin'), [pending()], [])).toBeUndefined();
  });

  it('resumes only from the file this browser started it with, when it knows which', () => {
    markUpload(self, 1_700_000_000_000);
    expect(resumableEntry(chosen(), [pending()], [])).toBeDefined();
    expect(
      resumableEntry(chosen('big.bin', size, 1_800_000_000_000), [pending()], []),
    ).toBeUndefined();
  });
});
