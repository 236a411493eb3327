import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ByteRange } from '../../storage/storage.ts';

interface RunningHash {
  md5: Hash;
  /** The first part not hashed yet. */
  next: number;
  size: number;
  broken: boolean;
  chain: Promise<void>;
}

/**
 * The MD5 of a multipart upload through the server, computed while its parts
 * arrive: whenever the parts from the front are held, they are read back (from
 * the page cache, just written) and hashed in order, so a commit need not read
 * the whole file again. Only an optimisation: a commit without a usable hash
 * (another app server, a restart, a rewritten part) hashes the stored bytes.
 */
export function createRunningHashes(read: (key: string, range: ByteRange) => Promise<Readable>) {
  const hashes = new Map<string, RunningHash>();

  return {
    /** A part is about to be rewritten: a hash that covered it no longer says what is stored. */
    forget(objectId: string, part: number): void {
      const running = hashes.get(objectId);
      if (running && part <= running.next) {
        running.broken = true;
        hashes.delete(objectId);
      }
    },

    /** Hashes, in order, every held part from where the hash stands. */
    advance(
      objectId: string,
      key: string,
      held: Set<number>,
      rangeOf: (part: number) => ByteRange,
    ) {
      let running = hashes.get(objectId);
      if (!running) {
        running = {
          md5: createHash('md5'),
          next: 1,
          size: 0,
          broken: false,
          chain: Promise.resolve(),
        };
        hashes.set(objectId, running);
      }
      const state = running;
      state.chain = state.chain
        .then(async () => {
          while (!state.broken && held.has(state.next)) {
            for await (const chunk of await read(key, rangeOf(state.next))) {
              if (state.broken) return;
              state.md5.update(chunk as Buffer);
              state.size += (chunk as Buffer).length;
            }
            state.next += 1;
          }
        })
        .catch(() => {
          state.broken = true;
          hashes.delete(objectId);
        });
    },

    /** The digest when every one of `parts` was hashed and none rewritten since; else null. */
    async finish(objectId: string, parts: number): Promise<{ size: number; md5: string } | null> {
      const running = hashes.get(objectId);
      if (!running) return null;
      await running.chain;
      hashes.delete(objectId);
      if (running.broken || running.next !== parts + 1) return null;
      return { size: running.size, md5: running.md5.digest('hex') };
    },

    drop(objectId: string): void {
      const running = hashes.get(objectId);
      if (running) running.broken = true;
      hashes.delete(objectId);
    },
  };
}
