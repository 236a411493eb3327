import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'arca-read-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(path.join(root, 'ab'));
const a = Buffer.from('first file');
const b = Buffer.from('the second, longer file');
writeFileSync(path.join(root, 'ab', 'a'), a);
writeFileSync(path.join(root, 'ab', 'b'), b);
writeFileSync(path.join(root, 'ab', 'empty'), '');
const storage = createLocalStorage(root);

/** Slices of one shared memory, as the archive's read-ahead hands them out. */
function shared(...sizes: number[]): Buffer[] {
  const memory = Buffer.from(new SharedArrayBuffer(sizes.reduce((x, y) => x + y, 0) + 3));
  let at = 3;
  return sizes.map((size) => memory.subarray(at, (at += size)));
}

describe('local storage: readFiles', () => {
  it('fills shared memory from an I/O thread, and plain buffers here, with the CRC-32s', async () => {
    for (const into of [
      shared(a.length, b.length),
      [Buffer.alloc(a.length), Buffer.alloc(b.length)],
    ]) {
      const crcs = await storage.readFiles(['ab/a', 'ab/b'], into);
      expect(into[0]!.equals(a) && into[1]!.equals(b)).toBe(true);
      expect(crcs).toEqual([crc32(a), crc32(b)]);
    }
  });

  it('rejects a missing object and one shorter than its buffer', async () => {
    for (const into of [() => shared(5), () => [Buffer.alloc(5)]]) {
      await expect(storage.readFiles(['ab/none'], into())).rejects.toMatchObject({
        code: 'ENOENT',
      });
    }
    for (const into of [() => shared(a.length + 1), () => [Buffer.alloc(a.length + 1)]]) {
      await expect(storage.readFiles(['ab/a'], into())).rejects.toThrow(/bytes, not/);
    }
  });
});
