import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { grants, secretLinks } from '../../db/schema.ts';
import type { GrantLevel, LinkLevel } from '../../permissions/records.policy.ts';
import { linkTokens } from './link-tokens.ts';

export type GrantRow = typeof grants.$inferSelect;
export type LinkRow = typeof secretLinks.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

/** Grants and secret links of a parent: what record permissions read. */
export function createAccessService(db: Database, secretKey: string) {
  const tokens = linkTokens(secretKey);
  // Read with every record view of a manager: prepared on first use.
  const prepareGrants = () =>
    db
      .select()
      .from(grants)
      .where(eq(grants.parentId, sql.placeholder('parentId')))
      .prepare('grants_of_parent');
  const prepareLinks = () =>
    db
      .select()
      .from(secretLinks)
      .where(eq(secretLinks.parentId, sql.placeholder('parentId')))
      .prepare('links_of_parent');
  let grantsQuery: ReturnType<typeof prepareGrants> | undefined;
  let linksQuery: ReturnType<typeof prepareLinks> | undefined;
  return {
    tokenFor: (id: string) => tokens.tokenFor(id),

    grantsOf(parentId: string): Promise<GrantRow[]> {
      return (grantsQuery ??= prepareGrants()).execute({ parentId });
    },

    linksOf(parentId: string): Promise<LinkRow[]> {
      return (linksQuery ??= prepareLinks()).execute({ parentId });
    },

    async addGrant(input: {
      parentId: string;
      subjectType: 'user' | 'role';
      subjectId: string;
      permission: GrantLevel;
      origin?: string;
    }): Promise<GrantRow> {
      const [row] = await db.insert(grants).values(input).returning();
      return row!;
    },

    async createLink(
      input: {
        parentId: string;
        permission: LinkLevel;
        expiresAt?: string | null;
        description?: string;
        maxUses?: number | null;
        maxDownloads?: number | null;
        oneVisitor?: boolean;
        notifyFirstUse?: boolean;
      },
      on: Database = db,
    ): Promise<LinkRow & { token: string }> {
      const [row] = await on.insert(secretLinks).values(input).returning();
      return { ...row!, token: tokens.tokenFor(row!.id) };
    },

    /**
     * Deletes a link, `on` a transaction when the caller holds one; answers it as it was
     * at the end (null when another caller deleted it first).
     */
    async deleteLink(id: string, on: Database = db): Promise<LinkRow | null> {
      const [gone] = await on.delete(secretLinks).where(eq(secretLinks.id, id)).returning();
      return gone ?? null;
    },

    /** The live links behind a set of presented tokens; forged, deleted and expired ones drop out. */
    async validLinks(presented: string[]): Promise<LinkRow[]> {
      const ids = [
        ...new Set(
          presented.map((token) => tokens.verify(token)).filter((id): id is string => id !== null),
        ),
      ];
      if (ids.length === 0) return [];
      return db
        .select()
        .from(secretLinks)
        .where(
          and(
            inArray(secretLinks.id, ids),
            or(isNull(secretLinks.expiresAt), gte(secretLinks.expiresAt, today())),
          ),
        );
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
