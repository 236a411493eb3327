import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TokenCreate } from '@arca/schema';
import type { Database } from '../db/client.ts';
import { apiTokens, groupMembers, users } from '../db/schema.ts';
import { hashToken, newToken } from '../auth/secrets.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can, type Identity } from '../permissions/policy.ts';
import { recordAudit } from './audit/record-audit.ts';
import { notFound, permissionDenied } from './errors.ts';

export type TokenRow = typeof apiTokens.$inferSelect;

// Recording every use would write on every API call; once a minute is enough to show "last used".
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The caller's own user id: tokens are managed from a session or another token of
 * the same user; anonymous callers are refused (InvenioRDM answers 403, API.md §0).
 */
function ownerOf(who: Identity): number {
  const { userId } = who;
  if (userId === null || !can(accountPolicy, 'canManageTokens', who, { userId })) {
    throw permissionDenied();
  }
  return userId;
}

/** Personal access tokens for scripts: `Authorization: Bearer <token>`. */
export function createTokenService(db: Database) {
  return {
    async create(who: Identity, input: TokenCreate): Promise<{ row: TokenRow; token: string }> {
      const userId = ownerOf(who);
      const token = newToken('arca_');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiTokens)
          .values({ userId, name: input.name, tokenHash: hashToken(token) })
          .returning();
        // A new way to sign in: its id and name, never the token.
        await recordAudit(tx, who, {
          action: 'token.create',
          subject: { type: 'user', id: userId },
          after: { token_id: created!.id, name: created!.name },
        });
        return created!;
      });
      return { row, token };
    },

    async list(who: Identity): Promise<TokenRow[]> {
      const userId = ownerOf(who);
      return db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    async revoke(who: Identity, tokenId: number): Promise<void> {
      const userId = ownerOf(who);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(apiTokens)
          .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
          .returning({ id: apiTokens.id, name: apiTokens.name });
        if (!deleted) throw notFound();
        await recordAudit(tx, who, {
          action: 'token.revoke',
          subject: { type: 'user', id: userId },
          before: { token_id: deleted.id, name: deleted.name },
        });
      });
    },

    /** The active owner of a token, or null for an unknown or revoked token. */
    async resolve(token: string): Promise<{
      userId: number;
      isAdmin: boolean;
      emailVerified: boolean;
      groups: string[];
    } | null> {
      const [row] = await db
        .select({
          id: apiTokens.id,
          userId: users.id,
          isAdmin: users.isAdmin,
          emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
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
      const { userId, isAdmin, emailVerified, groups } = row;
      return { userId, isAdmin, emailVerified, groups };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
