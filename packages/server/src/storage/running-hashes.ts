import type { ByteRange, StoredBytes } from './storage.ts';

/** Keeps running MD5s elsewhere (an I/O thread): fed range by range, in order. */
export interface RangeHasher {
  /** Feeds `range` of the object `key` to the running MD5 named `state`. */
  append(state: string, key: string, range: ByteRange): Promise<void>;
  digest(state: string, key: string): Promise<StoredBytes | null>;
  drop(state: string, key: string): void;
}

interface RunningHash {
  /** The name of the MD5 in the hasher; a new one for every new start. */
  state: string;
  /** The first part not hashed yet. */
  next: number;
  /** The part being hashed now, if any. */
  hashing: number | null;
  /** Parts held (written and flushed) and not hashed yet, with their bytes' range. */
  held: Map<number, ByteRange>;
  broken: boolean;
  chain: Promise<void>;
}

let generation = 0;

/**
 * The MD5 of multipart uploads written through the server, computed while
 * their parts arrive: whenever the parts from the front are held, they are
 * read back (from the page cache, just written) and hashed in order, so a
 * commit need not read the whole file again. Only an optimisation: without a
 * usable hash (a restart, a part rewritten after it was hashed), the commit
 * hashes the stored bytes.
 */
export function createRunningHashes(hasher: RangeHasher) {
  const hashes = new Map<string, RunningHash>();

  const abandon = (key: string, running: RunningHash) => {
    running.broken = true;
    hasher.drop(running.state, key);
    if (hashes.get(key) === running) hashes.delete(key);
  };

  return {
    /** A part is about to be rewritten: a hash that covered it no longer says what is stored. */
    forget(key: string, part: number): void {
      const running = hashes.get(key);
      if (!running) return;
      if (part < running.next || part === running.hashing) abandon(key, running);
      else running.held.delete(part);
    },

    /** A part is held at `range`: hashes, in order, every held part from where the hash stands. */
    held(key: string, part: number, range: ByteRange): void {
      let running = hashes.get(key);
      if (!running) {
        running = {
          state: `${key}#${++generation}`,
          next: 1,
          hashing: null,
          held: new Map(),
          broken: false,
          chain: Promise.resolve(),
        };
        hashes.set(key, running);
      }
      const state = running;
      state.held.set(part, range);
      state.chain = state.chain
        .then(async () => {
          for (let range = state.held.get(state.next); range && !state.broken;) {
            state.hashing = state.next;
            await hasher.append(state.state, key, range);
            state.held.delete(state.next);
            state.hashing = null;
            state.next += 1;
            range = state.held.get(state.next);
          }
        })
        .catch(() => abandon(key, state));
    },

    /** The digest when all of `parts` were hashed and none rewritten since; else null. */
    async finish(key: string, parts: number): Promise<StoredBytes | null> {
      const running = hashes.get(key);
      if (!running) return null;
      await running.chain;
      hashes.delete(key);
      if (running.broken || running.next !== parts + 1) {
        hasher.drop(running.state, key);
        return null;
      }
      return hasher.digest(running.state, key);
    },

    drop(key: string): void {
      const running = hashes.get(key);
      if (running) abandon(key, running);
    },
  };
}
