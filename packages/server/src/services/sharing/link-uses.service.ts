import type { ErrorMessageKey } from '@arca/schema';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { secretLinks, secretLinkUses } from '../../db/schema.ts';
import { users } from '../../db/schema.accounts.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { can, type LinkVisit } from '../../permissions/policy.ts';
import {
  recordPolicy,
  type Actor,
  type RecordAction,
  type RecordFacts,
} from '../../permissions/records.policy.ts';
import { createSalts, saltedVisitor, utcDay, visitorKey } from '../stats/visitor.ts';
import { DomainError } from '../errors.ts';

/** What a request did with a link: read a version, or download one of its files. */
export interface LinkUse {
  action: RecordAction;
  facts: RecordFacts;
  recordId: string;
  /** The record's title, for the owner's first-use mail. */
  title: string;
  /** The downloaded file's key; absent for a read of the record. */
  fileKey?: string;
  /** A draft's use (a preview link) mails the owner its editor page, not a record page. */
  draft?: boolean;
}

/** A record's title from its metadata, for the first-use mail. */
export const titleOf = (metadata: Record<string, unknown>) =>
  typeof metadata.title === 'string' ? metadata.title : '';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Spends and records the uses of secret links. A use is a request that only a
 * link authorises: the caller could not do it without the links they hold. The
 * caps and the one-visitor binding are checked by the UPDATE that counts the
 * use, so parallel uses can never overrun a cap nor bind two browsers.
 */
export function createLinkUses(deps: { db: Database; mailer: Mailer; siteUrl: string }) {
  const { db, mailer } = deps;
  const salts = createSalts(db);

  async function hashedVisitor(visit: LinkVisit, at: Date): Promise<string> {
    return saltedVisitor(await salts.of(utcDay(at)), visitorKey(visit.visitor));
  }

  /**
   * The visitor's number on the link: theirs if they used it before, else the
   * next one. The UPDATE that spent the use holds the link's row, so uses of
   * one link number their visitors one at a time. A visitor whose earlier uses
   * the retention deleted cannot come back: their hash's salt is long gone.
   */
  async function visitorNumber(tx: Database, linkId: string, visitor: string): Promise<number> {
    const [known] = await tx
      .select({ number: secretLinkUses.visitorNumber })
      .from(secretLinkUses)
      .where(and(eq(secretLinkUses.linkId, linkId), eq(secretLinkUses.visitor, visitor)))
      .limit(1);
    if (known) return known.number;
    const [counted] = await tx
      .update(secretLinks)
      .set({ visitorCount: sql`${secretLinks.visitorCount} + 1` })
      .where(eq(secretLinks.id, linkId))
      .returning({ number: secretLinks.visitorCount });
    return counted!.number;
  }

  /** Counts one use of `linkId` if its caps and binding allow it; false if they do not. */
  async function tryUse(linkId: string, use: LinkUse, visit: LinkVisit): Promise<boolean> {
    const download = use.fileKey !== undefined;
    const at = new Date();
    const visitor = await hashedVisitor(visit, at);
    return db.transaction(async (tx) => {
      const [spent] = await tx
        .update(secretLinks)
        .set({
          useCount: sql`${secretLinks.useCount} + 1`,
          ...(download ? { downloadCount: sql`${secretLinks.downloadCount} + 1` } : {}),
          boundBrowser: sql`CASE WHEN ${secretLinks.oneVisitor} THEN coalesce(${secretLinks.boundBrowser}, ${visit.browserMark}) END`,
          lastUsedAt: sql`greatest(${secretLinks.lastUsedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(secretLinks.id, linkId),
            or(isNull(secretLinks.expiresAt), gte(secretLinks.expiresAt, today())),
            or(isNull(secretLinks.maxUses), lt(secretLinks.useCount, secretLinks.maxUses)),
            download
              ? or(
                  isNull(secretLinks.maxDownloads),
                  lt(secretLinks.downloadCount, secretLinks.maxDownloads),
                )
              : undefined,
            or(
              eq(secretLinks.oneVisitor, false),
              isNull(secretLinks.boundBrowser),
              eq(secretLinks.boundBrowser, visit.browserMark),
            ),
          ),
        )
        .returning({
          useCount: secretLinks.useCount,
          notify: secretLinks.notifyFirstUse,
          description: secretLinks.description,
        });
      if (!spent) return false;
      await tx.insert(secretLinkUses).values({
        linkId,
        usedAt: at,
        recordId: use.recordId,
        fileKey: use.fileKey ?? null,
        visitor,
        visitorNumber: await visitorNumber(tx, linkId, visitor),
      });
      // Only the use that made the count 1 sees it: one mail, however many race.
      if (spent.useCount === 1 && spent.notify) {
        const [owner] = await tx
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, use.facts.ownerId));
        if (owner) {
          await mailer.queue(tx, {
            to: owner.email,
            template: 'link-first-use',
            language: owner.locale,
            params: {
              title: use.title,
              link: spent.description || linkId.slice(0, 8),
              url: `${deps.siteUrl}/${use.draft ? 'uploads' : 'records'}/${use.recordId}`,
            },
          });
        }
      }
      return true;
    });
  }

  /** Why `linkId` refused the use just tried (read after the failed UPDATE). */
  async function refusalOf(linkId: string, download: boolean): Promise<ErrorMessageKey> {
    const [row] = await db.select().from(secretLinks).where(eq(secretLinks.id, linkId));
    // Deleted or expired in the meantime: no link, so nothing to explain.
    if (!row || (row.expiresAt !== null && row.expiresAt < today())) return 'permissionDenied';
    if (row.maxUses !== null && row.useCount >= row.maxUses) return 'linkUsesExhausted';
    if (download && row.maxDownloads !== null && row.downloadCount >= row.maxDownloads) {
      return 'linkDownloadsExhausted';
    }
    return row.oneVisitor ? 'linkBoundToOtherVisitor' : 'permissionDenied';
  }

  return {
    /**
     * Called once `use.action` was allowed: when only the caller's links of
     * this record allowed it, one of them is spent, or the request is refused
     * with why (403). Nothing happens for those who need no link.
     */
    async spend(actor: Actor, use: LinkUse): Promise<void> {
      const { parentId } = use.facts;
      const held = actor.links.filter((link) => link.parentId === parentId);
      if (held.length === 0 || !actor.linkVisit) return;
      const others = actor.links.filter((link) => link.parentId !== parentId);
      if (can(recordPolicy, use.action, { ...actor, links: others }, use.facts)) return;
      let refusal: ErrorMessageKey | undefined;
      for (const link of held) {
        const alone = { ...actor, links: [...others, link] };
        if (!can(recordPolicy, use.action, alone, use.facts)) continue;
        if (await tryUse(link.id, use, actor.linkVisit)) return;
        refusal ??= await refusalOf(link.id, use.fileKey !== undefined);
      }
      throw new DomainError('forbidden', refusal ?? 'permissionDenied');
    },
  };
}

export type LinkUses = ReturnType<typeof createLinkUses>;
