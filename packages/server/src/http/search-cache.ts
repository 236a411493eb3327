import { createAnnouncedCache } from '../db/announced-cache.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { RECORD_CHANGES_CHANNEL } from './record-cache.ts';
import { keptAnswer, type KeptAnswer } from './answer-encoding.ts';

// Every entry is in this one group: any record's change may change any search.
const ALL = '*';

/**
 * Serialised answers to anonymous searches of published records. Anonymous
 * visitors asking the same search get the same answer, so it is computed once
 * while nothing changes: any change the database announces on the records'
 * channel drops every answer, as does each write this server answers
 * (read-your-writes, app.ts); entries also expire after `ttlMs`. Each keeps
 * its compressed forms too (answer-encoding.ts).
 */
export function createSearchCache(options: { ttlMs: number; maxEntries: number }) {
  const cache = createAnnouncedCache<KeptAnswer>({ channel: RECORD_CHANGES_CHANNEL, ...options });
  return {
    get: (key: string) => cache.get(key),
    /** Take it before searching, and pass it to `set`. */
    get generation() {
      return cache.generation;
    },
    /** Keeps `body` (unless a change came since `readGeneration`); answers it either way. */
    set: (key: string, body: string, readGeneration: number): KeptAnswer => {
      const answer = keptAnswer(body);
      cache.set(key, ALL, answer, readGeneration);
      return answer;
    },
    clear: () => cache.clear(),
    /**
     * `alsoForget` drops what answers are made from (the facet counts), in the same
     * moment: they follow the channel on a connection of their own, and an answer
     * made after this eviction but before theirs would keep their stale counts.
     */
    follow: (database: Pick<DatabaseHandle, 'listen'>, alsoForget: () => void) =>
      cache.follow({
        listen: (channel, _onMessage, onLost) =>
          database.listen(
            channel,
            () => {
              alsoForget();
              cache.evictGroup(ALL);
            },
            onLost,
          ),
      }),
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;
