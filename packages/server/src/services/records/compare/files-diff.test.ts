import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FileWithObject } from '../../files/files.repository.ts';
import { diffFiles, lineDiff, MAX_DIFF_LINES } from './files-diff.ts';

const file = (key: string, content: string, mimetype = 'application/octet-stream') =>
  ({
    entry: { key, status: 'completed', mimetype },
    object: { storageKey: content, size: Buffer.byteLength(content), checksum: `md5:${content}` },
  }) as unknown as FileWithObject;
// The storage key is the content itself: reading a file answers its key.
const open = (key: string) => Promise.resolve(Readable.from([Buffer.from(key)]));

describe('diffFiles', () => {
  it('tells files added, removed, changed and unchanged, with line diffs of text', async () => {
    const result = await diffFiles(
      [file('a.csv', 'x,1\ny,2\n'), file('same.txt', 'same'), file('gone.dat', 'g')],
      [file('a.csv', 'x,1\ny,3\n'), file('same.txt', 'same'), file('new.dat', 'n')],
      { textLimit: 1024, open },
    );
    expect(result.added.map((f) => f.key)).toEqual(['new.dat']);
    expect(result.removed.map((f) => f.key)).toEqual(['gone.dat']);
    expect(result.unchanged).toBe(1);
    expect(result.changed[0]!.lines!.hunks[0]!.lines).toEqual([' x,1', '-y,2', '+y,3']);
  });

  it('diffs no lines of files past the limit, of binary bytes or of other types', async () => {
    const result = await diffFiles(
      [file('big.txt', 'a'.repeat(20)), file('nul.txt', 'a\0'), file('img.png', 'p')],
      [file('big.txt', 'b'.repeat(20)), file('nul.txt', 'b\0'), file('img.png', 'q')],
      { textLimit: 10, open },
    );
    expect(result.changed.map((f) => [f.key, f.skipped])).toEqual([
      ['big.txt', 'too_large'],
      ['nul.txt', 'binary'],
      ['img.png', 'not_text'],
    ]);
  });
});

describe('lineDiff', () => {
  const lines = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`).join('\n');

  it('cuts a long diff and says so', () => {
    const result = lineDiff(lines('a', 1100), lines('b', 1100))!;
    expect(result.truncated).toBe(true);
    expect(result.hunks.flatMap((h) => h.lines)).toHaveLength(MAX_DIFF_LINES);
  });

  it('gives up on a text changed throughout', () => {
    expect(lineDiff(lines('a', MAX_DIFF_LINES + 100), lines('b', MAX_DIFF_LINES + 100))).toBe(
      undefined,
    );
  });
});
