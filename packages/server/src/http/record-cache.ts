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
 */
export function createRecordCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  let active = false;

  const evictParent = (parentId: string) => {
    for (const [key, entry] of entries) if (entry.parentId === parentId) entries.delete(key);
  };

  return {
    get size() {
      return entries.size;
    },
    get active() {
      return active;
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

    set(key: string, parentId: string, answer: CachedAnswer): void {
      if (!active) return;
      if (entries.size >= options.maxEntries) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { ...answer, parentId, expiresAt: Date.now() + options.ttlMs });
    },

    evictParent,

    /** Starts following the database's change announcements; until then nothing is cached. */
    async follow(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      const stop = await database.listen(RECORD_CHANGES_CHANNEL, evictParent, () => {
        active = false;
        entries.clear();
      });
      active = true;
      return async () => {
        active = false;
        entries.clear();
        await stop();
      };
    },
  };
}

export type RecordCache = ReturnType<typeof createRecordCache>;
