import type { DatabaseHandle } from '../db/client.ts';

export const RECORD_CHANGES_CHANNEL = 'arca_record_changes';

export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
}

interface Entry extends CachedAnswer {
  parentId: string;
  expiresAt: number;
}

/**
 * Serialised answers to anonymous reads of published records. A database
 * trigger announces every change to a record or a parent, and each app
 * server drops that parent's entries, so no write path can forget to
 * invalidate. Entries also expire after `ttlMs` as a backstop, and the cache
 * stays off whenever its subscription is not up.
 *
 * Announcements arrive a moment after the commit, so a server also forgets
 * everything at once after each write it answers itself (read-your-writes), and
 * an answer read before any eviction is not stored after it: `set` takes the
 * generation seen when the read began.
 */
export function createRecordCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  let active = false;
  let generation = 0;

  const evictParent = (parentId: string) => {
    generation++;
    for (const [key, entry] of entries) if (entry.parentId === parentId) entries.delete(key);
  };
  const clear = () => {
    generation++;
    entries.clear();
  };

  return {
    get size() {
      return entries.size;
    },
    get active() {
      return active;
    },
    /** Take it before reading what will be stored, and pass it to `set`. */
    get generation() {
      return generation;
    },

    get(key: string): CachedAnswer | undefined {
      if (!active) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },

    /** Stores an answer unless something was evicted since `readGeneration`: it may be stale. */
    set(key: string, parentId: string, answer: CachedAnswer, readGeneration: number): void {
      if (!active || readGeneration !== generation) return;
      if (entries.size >= options.maxEntries) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { ...answer, parentId, expiresAt: Date.now() + options.ttlMs });
    },

    evictParent,
    clear,

    /** Starts following the database's change announcements; until then nothing is cached. */
    async follow(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      const stop = await database.listen(RECORD_CHANGES_CHANNEL, evictParent, () => {
        active = false;
        clear();
      });
      active = true;
      return async () => {
        active = false;
        clear();
        await stop();
      };
    },
  };
}

export type RecordCache = ReturnType<typeof createRecordCache>;
