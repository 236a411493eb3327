import type { LinkCreate, LinkUpdate } from '@arca/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { secretLinks } from '../../db/schema.ts';
import { DomainError, fieldError } from '../errors.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { linkAudit } from '../audit/audit-fields.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { AccessService, LinkRow } from './access.service.ts';
import { usageOf, usesPage, type LinkUsage } from './link-usage.ts';
import type { ShareTarget, ShareTargets } from './share-target.ts';

/** A link as its managers see it: with its token and, from the links API, its usage. */
export type LinkWithToken = LinkRow & { token: string; usage?: LinkUsage };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const today = () => new Date().toISOString().slice(0, 10);

const linkNotFound = () => new DomainError('notFound', 'linkNotFound');

/**
 * Secret links of a record (API.md §3.1). A link lasts through its expiry
 * day; it may be shortened but never postponed, and deleting it revokes it
 * at once (tokens are checked against the table on every request).
 */
export function createLinkService(deps: {
  db: Database;
  access: AccessService;
  targets: ShareTargets;
}) {
  const { db, access, targets } = deps;
  const withToken = (row: LinkRow): LinkWithToken => ({ ...row, token: access.tokenFor(row.id) });
  const withUsage = (rows: LinkRow[]): LinkWithToken[] =>
    rows.map((row) => ({ ...withToken(row), usage: usageOf(row) }));
  const capsOf = (input: LinkCreate | LinkUpdate) => ({
    ...(input.max_uses !== undefined ? { maxUses: input.max_uses } : {}),
    ...(input.max_downloads !== undefined ? { maxDownloads: input.max_downloads } : {}),
    ...(input.one_visitor !== undefined ? { oneVisitor: input.one_visitor } : {}),
    ...(input.notify_first_use !== undefined ? { notifyFirstUse: input.notify_first_use } : {}),
  });

  async function find(target: ShareTarget, linkId: string): Promise<LinkRow> {
    if (!UUID.test(linkId)) throw linkNotFound();
    const [row] = await db
      .select()
      .from(secretLinks)
      .where(and(eq(secretLinks.id, linkId), eq(secretLinks.parentId, target.parent.id)));
    if (!row) throw linkNotFound();
    return row;
  }

  function checkPermission(target: ShareTarget, permission: string): void {
    // A view link opens the published record page, which a draft-only record lacks (SPEC §5).
    if (permission === 'view' && !target.hasPublished) {
      throw fieldError('permission', 'linkViewUnpublished');
    }
  }

  function checkExpiry(expiresAt: string | null): void {
    if (expiresAt !== null && expiresAt < today()) throw fieldError('expires_at', 'linkExpiryPast');
  }

  return {
    async list(actor: Actor, id: string): Promise<LinkWithToken[]> {
      const target = await targets.managed(actor, id);
      const rows = await access.linksOf(target.parent.id);
      return withUsage(rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
    },

    async create(actor: Actor, id: string, input: LinkCreate): Promise<LinkWithToken> {
      const target = await targets.managed(actor, id);
      checkPermission(target, input.permission);
      const expiresAt = input.expires_at ?? null;
      checkExpiry(expiresAt);
      const link = await db.transaction(async (tx) => {
        const created = await access.createLink(
          {
            parentId: target.parent.id,
            permission: input.permission,
            expiresAt,
            description: input.description ?? '',
            ...capsOf(input),
          },
          tx,
        );
        await recordAudit(
          tx,
          actor.identity,
          linkAudit('link.create', target.parent.id, null, created),
        );
        return created;
      });
      return withUsage([link])[0]!;
    },

    async get(actor: Actor, id: string, linkId: string): Promise<LinkWithToken> {
      const target = await targets.managed(actor, id);
      return withUsage([await find(target, linkId)])[0]!;
    },

    async update(
      actor: Actor,
      id: string,
      linkId: string,
      changes: LinkUpdate,
    ): Promise<LinkWithToken> {
      const target = await targets.managed(actor, id);
      const link = await find(target, linkId);
      if (changes.permission !== undefined) checkPermission(target, changes.permission);
      if (changes.expires_at !== undefined) {
        const next = changes.expires_at;
        const postponed = link.expiresAt !== null && (next === null || next > link.expiresAt);
        if (postponed) throw fieldError('expires_at', 'linkPostpone');
        checkExpiry(next);
      }
      const set = {
        ...(changes.permission !== undefined ? { permission: changes.permission } : {}),
        ...(changes.expires_at !== undefined ? { expiresAt: changes.expires_at } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...capsOf(changes),
      };
      if (Object.keys(set).length === 0) return withUsage([link])[0]!;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(secretLinks)
          .set(set)
          .where(eq(secretLinks.id, link.id))
          .returning();
        if (!updated) throw linkNotFound();
        await recordAudit(
          tx,
          actor.identity,
          linkAudit('link.update', target.parent.id, link, updated),
        );
        return updated;
      });
      return withUsage([row])[0]!;
    },

    /** The audit of a link: a page of its kept uses (when, which version, which file, who). */
    async uses(actor: Actor, id: string, linkId: string, window: { page: number; size: number }) {
      const target = await targets.managed(actor, id);
      const link = await find(target, linkId);
      return usesPage(db, link.id, window);
    },

    async remove(actor: Actor, id: string, linkId: string): Promise<void> {
      const target = await targets.managed(actor, id);
      const link = await find(target, linkId);
      await db.transaction(async (tx) => {
        const gone = await access.deleteLink(link.id, tx);
        if (!gone) return;
        await recordAudit(
          tx,
          actor.identity,
          linkAudit('link.delete', target.parent.id, gone, null),
        );
      });
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
