import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRunningHashes } from './running-hashes.ts';

const stored = Buffer.from('aaaabbbbcc');
const read = (_key: string, range: { start: number; end: number }) =>
  Promise.resolve(Readable.from([stored.subarray(range.start, range.end + 1)]));
const rangeOf = (part: number) => ({ start: (part - 1) * 4, end: Math.min(part * 4, 10) - 1 });
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('running hashes of multipart uploads', () => {
  it('hashes parts in order whatever order they arrive in', async () => {
    const hashes = createRunningHashes(read);
    hashes.advance('o', 'k', new Set([2]), rangeOf);
    hashes.advance('o', 'k', new Set([2, 3]), rangeOf);
    hashes.advance('o', 'k', new Set([1, 2, 3]), rangeOf);
    expect(await hashes.finish('o', 3)).toEqual({ size: 10, md5: md5(stored) });
  });

  it('gives up when a hashed part is rewritten, or parts are missing', async () => {
    const hashes = createRunningHashes(read);
    hashes.advance('o', 'k', new Set([1, 2, 3]), rangeOf);
    hashes.forget('o', 1);
    expect(await hashes.finish('o', 3)).toBeNull();
    hashes.advance('p', 'k', new Set([1]), rangeOf);
    expect(await hashes.finish('p', 3)).toBeNull();
    expect(await hashes.finish('unknown', 1)).toBeNull();
  });
});
