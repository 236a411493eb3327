import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, records, secretLinkUses } from '../../db/schema.ts';
import { checkWindow } from '../pagination.ts';
import type { LinkRow } from './access.service.ts';

/** How a link was used, as its record's managers see it. */
export interface LinkUsage {
  uses: number;
  downloads: number;
  /** Distinct visitor hashes; salts rotate daily, so a returning visitor may count again. */
  visitors: number;
  lastUsedAt: Date | null;
}

/**
 * A link's usage, from the counts kept on it: the same the caps check, and
 * whole even once the retention deleted the oldest uses.
 */
export const usageOf = (
  link: Pick<LinkRow, 'useCount' | 'downloadCount' | 'visitorCount' | 'lastUsedAt'>,
): LinkUsage => ({
  uses: link.useCount,
  downloads: link.downloadCount,
  visitors: link.visitorCount,
  lastUsedAt: link.lastUsedAt,
});

/** One use as its managers see it: the visitor by number on this link, never the hash. */
export interface LinkUseView {
  usedAt: Date;
  recordId: string;
  /** The version's index; null once that version (a discarded draft) is gone. */
  version: number | null;
  fileKey: string | null;
  visitor: number;
}

/** A page of a link's kept uses, newest first, and how many are kept in all. */
export async function usesPage(
  db: Database,
  linkId: string,
  window: { page: number; size: number },
): Promise<{ rows: LinkUseView[]; total: number }> {
  checkWindow(window.page, window.size);
  const of = eq(secretLinkUses.linkId, linkId);
  // A draft of a published version has that version's index, so either table answers it.
  const version = sql<number | null>`coalesce(
    (SELECT ${records.versionIndex} FROM ${records} WHERE ${records.id} = ${secretLinkUses.recordId}),
    (SELECT ${drafts.versionIndex} FROM ${drafts} WHERE ${drafts.id} = ${secretLinkUses.recordId}))`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        usedAt: secretLinkUses.usedAt,
        recordId: secretLinkUses.recordId,
        version,
        fileKey: secretLinkUses.fileKey,
        visitor: secretLinkUses.visitorNumber,
      })
      .from(secretLinkUses)
      .where(of)
      .orderBy(desc(secretLinkUses.usedAt), desc(secretLinkUses.id))
      .limit(window.size)
      .offset((window.page - 1) * window.size),
    db.select({ n: count() }).from(secretLinkUses).where(of),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      usedAt: new Date(row.usedAt),
      version: row.version === null ? null : Number(row.version),
    })),
    total: Number(total?.n ?? 0),
  };
}
