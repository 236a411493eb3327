import { count, countDistinct, desc, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { secretLinkUses } from '../../db/schema.ts';

/** How a link was used, as its record's managers see it. */
export interface LinkUsage {
  uses: number;
  downloads: number;
  /** Distinct visitor hashes; salts rotate daily, so a returning visitor may count again. */
  visitors: number;
  lastUsedAt: Date | null;
}

const unused: LinkUsage = { uses: 0, downloads: 0, visitors: 0, lastUsedAt: null };

/** The usage of each of `linkIds`, in one query. */
export async function usageOf(db: Database, linkIds: string[]): Promise<Map<string, LinkUsage>> {
  const result = new Map<string, LinkUsage>(linkIds.map((id) => [id, unused]));
  if (linkIds.length === 0) return result;
  const rows = await db
    .select({
      linkId: secretLinkUses.linkId,
      uses: count(),
      downloads: count(secretLinkUses.fileKey),
      visitors: countDistinct(secretLinkUses.visitor),
      lastUsedAt: max(secretLinkUses.usedAt),
    })
    .from(secretLinkUses)
    .where(inArray(secretLinkUses.linkId, linkIds))
    .groupBy(secretLinkUses.linkId);
  for (const row of rows) {
    result.set(row.linkId, {
      uses: Number(row.uses),
      downloads: Number(row.downloads),
      visitors: Number(row.visitors),
      lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt) : null,
    });
  }
  return result;
}

/** The most uses one answer lists: an audit reads the newest. */
export const RECENT_USES = 100;

/** A link's newest uses, newest first, and how many there are in all. */
export async function recentUses(db: Database, linkId: string) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        usedAt: secretLinkUses.usedAt,
        recordId: secretLinkUses.recordId,
        fileKey: secretLinkUses.fileKey,
        visitor: secretLinkUses.visitor,
      })
      .from(secretLinkUses)
      .where(eq(secretLinkUses.linkId, linkId))
      .orderBy(desc(secretLinkUses.usedAt))
      .limit(RECENT_USES),
    db.select({ n: count() }).from(secretLinkUses).where(eq(secretLinkUses.linkId, linkId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
