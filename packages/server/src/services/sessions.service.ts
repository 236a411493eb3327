import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { communities, communityMembers, groupMembers, sessions, users } from '../db/schema.ts';
import type { CommunityRole } from '../permissions/community-roles.ts';
import { hashToken, newToken } from '../auth/secrets.ts';
import { createAnnouncedCache } from '../db/announced-cache.ts';

export const SESSION_CHANGES_CHANNEL = 'arca_session_changes';

export interface ActiveSession {
  userId: number;
  isAdmin: boolean;
  /** The user confirmed their address (issue 23). */
  emailVerified: boolean;
  csrfToken: string;
  /**
   * The user's groups and community roles, read along (record permissions need
   * them); a deleted community's roles give nothing, so they are left out.
   */
  groups: readonly string[];
  communities: readonly Readonly<{ id: string; role: CommunityRole }>[];
}

/**
 * Server-side sessions: the cookie carries a random token, the table its hash.
 * Once `follow` has subscribed, resolved sessions are cached by that hash and
 * grouped by user: triggers announce the user's id on every change to a
 * session, to the user's admin flag or activity, or to their group and
 * community memberships (migration 0008), and the services that make such
 * changes call `forgetUser` so that their own server needs no announcement.
 */
export function createSessionService(db: Database, lifetimeMs: number) {
  const cache = createAnnouncedCache<ActiveSession>({
    channel: SESSION_CHANGES_CHANNEL,
    ttlMs: 60_000,
    maxEntries: 10_000,
  });
  const forgetUser = (userId: number) => cache.evictGroup(String(userId));
  // Every authenticated request asks this: prepared once per connection.
  const prepareResolve = () =>
    db
      .select({
        userId: users.id,
        isAdmin: users.isAdmin,
        emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
        csrfToken: sessions.csrfToken,
        expiresAt: sessions.expiresAt,
        groups: sql<
          string[]
        >`coalesce((SELECT array_agg(${groupMembers.groupId}) FROM ${groupMembers} WHERE ${groupMembers.userId} = ${users.id}), '{}')`,
        communities: sql<
          { id: string; role: CommunityRole }[]
        >`coalesce((SELECT json_agg(json_build_object('id', ${communityMembers.communityId}, 'role', ${communityMembers.role})) FROM ${communityMembers} JOIN ${communities} ON ${communities.id} = ${communityMembers.communityId} AND ${communities.deletionStatus} = 'P' WHERE ${communityMembers.userId} = ${users.id}), '[]'::json)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          sql`${sessions.expiresAt} > now()`,
          eq(users.active, true),
        ),
      )
      .prepare('session_resolve');
  let resolveQuery: ReturnType<typeof prepareResolve> | undefined;
  return {
    /** Opens a session; returns the cookie value and the CSRF token bound to it. */
    async open(userId: number): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(Date.now() + lifetimeMs);
      // Logins are rare enough to carry the clean-up of expired sessions.
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
      await db.insert(sessions).values({ id: hashToken(token), userId, csrfToken, expiresAt });
      return { token, csrfToken, expiresAt };
    },

    /** The live session of an active user for a cookie value, or null. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const id = hashToken(token);
      const cached = cache.get(id);
      if (cached) return cached;
      const generation = cache.generation;
      resolveQuery ??= prepareResolve();
      const [row] = await resolveQuery.execute({ id });
      if (!row) return null;
      const { expiresAt, ...resolved } = row;
      // Requests share a cached session: nobody may change it under the others.
      const session = Object.freeze({
        ...resolved,
        groups: Object.freeze(resolved.groups),
        communities: Object.freeze(resolved.communities.map((m) => Object.freeze(m))),
      });
      cache.set(id, String(session.userId), session, generation, expiresAt.getTime());
      return session;
    },

    async close(token: string): Promise<void> {
      const closed = await db
        .delete(sessions)
        .where(eq(sessions.id, hashToken(token)))
        .returning({ userId: sessions.userId });
      for (const { userId } of closed) forgetUser(userId);
    },

    /** Ends sessions by id (the hash of their cookie): single logout names them so. */
    async closeByIds(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const closed = await db
        .delete(sessions)
        .where(inArray(sessions.id, ids))
        .returning({ userId: sessions.userId });
      for (const { userId } of closed) forgetUser(userId);
    },

    async closeAllOf(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      forgetUser(userId);
    },

    /**
     * For the services that change a user's admin flag, activity or memberships: this
     * server forgets their sessions at once, before the database's announcement arrives.
     */
    forgetUser,

    /** Caches resolved sessions while following the database's announcements. */
    follow: (database: Parameters<typeof cache.follow>[0]) => cache.follow(database),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
