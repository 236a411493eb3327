import type { DatabaseHandle } from '../db/client.ts';

export const SESSION_CHANGES_CHANNEL = 'arca_session_changes';

interface Entry<T> {
  userId: number;
  value: T;
  expiresAt: number;
}

/**
 * Resolved sessions, so that a signed-in request costs no lookup. A database
 * trigger announces every change to a session, to a user's admin flag or
 * activity, and to their group and community memberships (the payload is the
 * user's id), and each app server drops that user's entries: a logout, a
 * deactivation or a removed membership reaches every server. Entries also end
 * with the session itself and after `ttlMs` as a backstop, and the cache
 * stays off whenever its subscription is not up.
 *
 * Announcements arrive a moment after the commit, so the services that change
 * these rows also forget the user at once on their own server (read-your-
 * writes), and a session read before an eviction is not stored after it:
 * `set` takes the generation seen when the read began.
 */
export function createSessionCache<T>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry<T>>();
  let active = false;
  let generation = 0;

  const forgetUser = (userId: number) => {
    generation++;
    for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
  };
  const clear = () => {
    generation++;
    entries.clear();
  };

  return {
    get size() {
      return entries.size;
    },
    /** Take it before reading what will be stored, and pass it to `set`. */
    get generation() {
      return generation;
    },

    get(key: string): T | undefined {
      if (!active) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    /** Stores a session unless something was evicted since `readGeneration`: it may be stale. */
    set(
      key: string,
      userId: number,
      value: T,
      sessionExpiresAt: Date,
      readGeneration: number,
    ): void {
      if (!active || readGeneration !== generation) return;
      if (entries.size >= options.maxEntries) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const expiresAt = Math.min(Date.now() + options.ttlMs, sessionExpiresAt.getTime());
      entries.set(key, { userId, value, expiresAt });
    },

    forgetUser,
    clear,

    /** Starts following the database's change announcements; until then nothing is cached. */
    async follow(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      const stop = await database.listen(
        SESSION_CHANGES_CHANNEL,
        (payload) => {
          const userId = Number(payload);
          // An announcement we cannot read: forget everyone rather than guess.
          if (Number.isInteger(userId)) forgetUser(userId);
          else clear();
        },
        () => {
          active = false;
          clear();
        },
      );
      active = true;
      return async () => {
        active = false;
        clear();
        await stop();
      };
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
