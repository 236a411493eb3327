import { createHash, type Hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRunningHashes, type RangeHasher } from './running-hashes.ts';

const stored = Buffer.from('aaaabbbbcc');
const rangeOf = (part: number) => ({ start: (part - 1) * 4, end: Math.min(part * 4, 10) - 1 });
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** The I/O thread's side, in memory. */
function memoryHasher(): RangeHasher & { states: Map<string, { md5: Hash; size: number }> } {
  const states = new Map<string, { md5: Hash; size: number }>();
  return {
    states,
    append(state, _key, range) {
      const running = states.get(state) ?? { md5: createHash('md5'), size: 0 };
      states.set(state, running);
      running.md5.update(stored.subarray(range.start, range.end + 1));
      running.size += range.end - range.start + 1;
      return Promise.resolve();
    },
    digest(state) {
      const running = states.get(state);
      states.delete(state);
      return Promise.resolve(
        running ? { size: running.size, md5: running.md5.digest('hex') } : null,
      );
    },
    drop(state) {
      states.delete(state);
    },
  };
}

describe('running hashes of multipart uploads', () => {
  it('hashes parts in order whatever order they arrive in', async () => {
    const hasher = memoryHasher();
    const hashes = createRunningHashes(hasher);
    hashes.held('k', 2, rangeOf(2));
    hashes.held('k', 3, rangeOf(3));
    hashes.held('k', 1, rangeOf(1));
    expect(await hashes.finish('k', 3)).toEqual({ size: 10, md5: md5(stored) });
    expect(hasher.states.size).toBe(0);
  });

  it('gives up when a hashed part is rewritten, or parts are missing', async () => {
    const hasher = memoryHasher();
    const hashes = createRunningHashes(hasher);
    hashes.held('k', 1, rangeOf(1));
    hashes.held('k', 2, rangeOf(2));
    hashes.held('k', 3, rangeOf(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    hashes.forget('k', 1);
    expect(await hashes.finish('k', 3)).toBeNull();
    hashes.held('p', 1, rangeOf(1));
    expect(await hashes.finish('p', 3)).toBeNull();
    expect(await hashes.finish('unknown', 1)).toBeNull();
    expect(hasher.states.size).toBe(0);
  });

  it('keeps the hash when a part not hashed yet is rewritten', async () => {
    const hashes = createRunningHashes(memoryHasher());
    hashes.held('k', 1, rangeOf(1));
    hashes.held('k', 3, rangeOf(3));
    hashes.forget('k', 3);
    hashes.held('k', 3, rangeOf(3));
    hashes.held('k', 2, rangeOf(2));
    expect(await hashes.finish('k', 3)).toEqual({ size: 10, md5: md5(stored) });
  });
});
