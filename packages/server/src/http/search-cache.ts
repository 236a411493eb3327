import { createAnnouncedCache } from '../db/announced-cache.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Actor } from '../permissions/policy.ts';
import { RECORD_CHANGES_CHANNEL } from './record-cache.ts';
import { keptAnswer, type KeptAnswer } from './answer-encoding.ts';

// Every entry is in this one group: any record's change may change any search.
const ALL = '*';

/**
 * Whose answer a search of published records is, as the key part of its kept
 * answer: '' for anonymous visitors (all get the same), the user with everything
 * their permissions read (admin flag, groups, community roles) for a signed-in
 * one; null when the answer may not be kept (secret links or guest tokens held:
 * using them is counted, and they come and go with a cookie).
 */
export function searcherKey(actor: Actor): string | null {
  if (actor.links.length > 0 || (actor.refusedLinks?.length ?? 0) > 0) return null;
  if ((actor.requestTokens?.length ?? 0) > 0 || actor.identity.isSystem) return null;
  const { userId, isAdmin, emailUnverified } = actor.identity;
  if (userId === null) return '';
  const roles = (actor.communities ?? []).map((member) => `${member.id}:${member.role}`);
  return `user ${userId}|${isAdmin ? 'admin' : ''}|${emailUnverified ? 'unverified' : ''}|${actor.groups.join(',')}|${roles.join(',')}`;
}

/**
 * Serialised answers to searches of published records, by URL and searcher
 * (`searcherKey`). Anonymous visitors asking the same search get the same
 * answer, and a signed-in user paging back and forth, or whose page refetches,
 * asks the same search again; so each is computed once while nothing changes:
 * any change the database announces on the records' channel (to records,
 * parents and grants: what there is and who may read it) drops every answer,
 * as does each write this server answers (read-your-writes, app.ts); entries
 * also expire after `ttlMs`. Each keeps its compressed forms too
 * (answer-encoding.ts).
 */
export function createSearchCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** The answers' characters together, at most. */
  maxWeight: number;
}) {
  const cache = createAnnouncedCache<KeptAnswer>({
    channel: RECORD_CHANGES_CHANNEL,
    weigh: (answer) => answer.body.length,
    ...options,
  });
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
     * Any announcement drops every answer. Follow through the app's shared
     * listener (db/shared-listener.ts), which tells the facet counts answers are
     * made from in the same moment: an answer made between the two would keep
     * stale counts.
     */
    follow: (database: Pick<DatabaseHandle, 'listen'>) =>
      cache.follow({
        listen: (channel, _onMessage, onLost) =>
          database.listen(channel, () => cache.evictGroup(ALL), onLost),
      }),
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;
