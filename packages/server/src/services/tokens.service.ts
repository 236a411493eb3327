import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TokenCreate } from '@arca/schema';
import type { Database } from '../db/client.ts';
import { apiTokens, groupMembers, users } from '../db/schema.ts';
import { hashToken, newToken } from '../auth/secrets.ts';
import { notFound } from './errors.ts';

export type TokenRow = typeof apiTokens.$inferSelect;

// Recording every use would write on every API call; once a minute is enough to show "last used".
const LAST_USED_RESOLUTION_MS = 60_000;

/** Personal access tokens for scripts: `Authorization: Bearer <token>`. */
export function createTokenService(db: Database) {
  return {
    async create(userId: number, input: TokenCreate): Promise<{ row: TokenRow; token: string }> {
      const token = newToken('arca_');
      const [row] = await db
        .insert(apiTokens)
        .values({ userId, name: input.name, tokenHash: hashToken(token) })
        .returning();
      return { row: row!, token };
    },

    list(userId: number): Promise<TokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    async revoke(userId: number, tokenId: number): Promise<void> {
      const deleted = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
        .returning({ id: apiTokens.id });
      if (deleted.length === 0) throw notFound();
    },

    /** The active owner of a token, or null for an unknown or revoked token. */
    async resolve(
      token: string,
    ): Promise<{ userId: number; isAdmin: boolean; groups: string[] } | null> {
      const [row] = await db
        .select({
          id: apiTokens.id,
          userId: users.id,
          isAdmin: users.isAdmin,
          groups: sql<
            string[]
          >`coalesce((SELECT array_agg(${groupMembers.groupId}) FROM ${groupMembers} WHERE ${groupMembers.userId} = ${users.id}), '{}')`,
        })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(and(eq(apiTokens.tokenHash, hashToken(token)), eq(users.active, true)));
      if (!row) return null;
      const now = new Date();
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
            ),
          ),
        );
      return { userId: row.userId, isAdmin: row.isAdmin, groups: row.groups };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
