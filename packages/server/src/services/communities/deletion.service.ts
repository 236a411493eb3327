import type { CommunityTombstone } from '@arca/schema';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  communities,
  communityEmailInvitations,
  communityMembers,
} from '../../db/schema.communities.ts';
import { requests } from '../../db/schema.requests.ts';
import {
  ANY_COMMUNITY,
  communityPolicy,
  type CommunityFacts,
} from '../../permissions/communities.policy.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { DomainError, notFound, permissionDenied } from '../errors.ts';
import { tombstoneInput } from '../records/tombstone.ts';
import type { RequestService } from '../requests/requests.service.ts';
import { OPEN_STATUSES } from '../requests/types.ts';
import type { VocabularyService } from '../vocabularies.service.ts';
import {
  communityFacts,
  type CommunityService,
  type CommunityView,
} from './communities.service.ts';
import { COMMUNITY_INVITATION } from './invitation-type.ts';
import { touchCommunityRecords } from './parent-communities.ts';
import { DELETED, LIVE, communityGone, isDeleted, tombstoneOf } from './tombstone.ts';

/** The open requests a community takes part in: submissions and inclusions to it, invitations into it. */
const openRequestsOf = (communityId: string) =>
  and(
    inArray(requests.status, [...OPEN_STATUSES]),
    or(
      and(eq(requests.receiverType, 'community'), eq(requests.receiverId, communityId)),
      and(
        eq(requests.type, COMMUNITY_INVITATION),
        eq(requests.topicType, 'community'),
        eq(requests.topicId, communityId),
      ),
    ),
  );

/** The row of `id`, locked for update on `tx`: deletions, restores and updates of it queue here. */
async function lockCommunity(tx: Database, id: string) {
  const [row] = await tx.select().from(communities).where(eq(communities.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Deleting a community (soft, with a tombstone) and restoring it, as
 * invenio-communities' `delete_community` and `restore_community` do. Where
 * InvenioRDM refuses to delete a community with open requests, Arca cancels
 * them in the same transaction (the system cancels, as it does for a deleted
 * record's reviews): submissions and inclusions to it, invitations into it,
 * and the invitations mailed to addresses. The community's records keep it in
 * their parent's communities, unshown while it is deleted, so that a restore
 * gives everything back; its members keep their rows, and their roles give
 * nothing until then (sessions.service.ts, `membershipsOf`).
 */
export function createCommunityDeletionService(deps: {
  db: Database;
  communities: CommunityService;
  requests: RequestService;
  vocabularies: Pick<VocabularyService, 'findMany'>;
  /** Members' sessions say what their roles give, so they are forgotten. */
  onMembersChanged?: (userIds: number[]) => void;
}) {
  const { db } = deps;
  const forget = deps.onMembersChanged ?? (() => undefined);

  const memberIds = async (tx: Database, communityId: string) =>
    (
      await tx
        .select({ id: communityMembers.userId })
        .from(communityMembers)
        .where(eq(communityMembers.communityId, communityId))
    ).map((row) => row.id);

  return {
    /**
     * Deletes a community: 404 or 410 when it cannot be read or is deleted
     * already, 403 for those not allowed, 400 naming the field for a bad
     * reason or note; nothing is written (not even to the audit log) unless it is deleted.
     */
    async delete(actor: Actor, idOrSlug: string, body: Record<string, unknown>): Promise<void> {
      const found = await deps.communities.readable(actor, idOrSlug);
      if (!can(communityPolicy, 'canDelete', actor, communityFacts(found)))
        throw permissionDenied();
      const input = await tombstoneInput(deps.vocabularies, body);
      const announced: (() => Promise<void>)[] = [];
      const unit = { afterCommit: (work: () => Promise<void>) => void announced.push(work) };
      const members = await db.transaction(async (tx) => {
        const row = await lockCommunity(tx, found.id);
        // Another deletion committed while this one waited for the lock.
        if (isDeleted(row)) throw communityGone(row);
        const tombstone: CommunityTombstone = {
          removal_reason: input.removal_reason,
          note: input.note,
          removed_by: { user: String(actor.identity.userId ?? 'system') },
          removal_date: new Date().toISOString(),
          is_visible: input.is_visible,
        };
        await tx
          .update(communities)
          .set({
            deletionStatus: DELETED,
            tombstone,
            updatedAt: new Date(),
            revisionId: sql`${communities.revisionId} + 1`,
          })
          .where(eq(communities.id, row.id));
        if (row.visibility === 'public') await touchCommunityRecords(tx, row.id);
        const open = await tx.select().from(requests).where(openRequestsOf(row.id)).for('update');
        const cancelled: string[] = [];
        for (const request of open) {
          if (await deps.requests.actWithin({ ...unit, tx }, request, 'cancel'))
            cancelled.push(request.id);
        }
        const mailed = await tx
          .update(communityEmailInvitations)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(communityEmailInvitations.communityId, row.id),
              eq(communityEmailInvitations.status, 'pending'),
            ),
          )
          .returning({ id: communityEmailInvitations.id });
        await recordAudit(tx, actor.identity, {
          action: 'community.delete',
          subject: { type: 'community', id: row.id },
          before: { status: 'published', slug: row.slug, visibility: row.visibility },
          after: {
            status: 'deleted',
            removal_reason: input.removal_reason.id,
            note: input.note,
            is_visible: input.is_visible,
            ...(cancelled.length > 0 ? { cancelled_requests: cancelled } : {}),
            ...(mailed.length > 0 ? { cancelled_email_invitations: mailed.length } : {}),
          },
        });
        return memberIds(tx, row.id);
      });
      forget(members);
      for (const work of announced) await work();
    },

    /**
     * Restores a deleted community as it was (its cancelled requests stay
     * cancelled). Administrators only: 403 for anyone else before anything is looked up.
     */
    async restore(actor: Actor, idOrSlug: string): Promise<CommunityView> {
      const anyDeleted: CommunityFacts = { ...ANY_COMMUNITY, deleted: true };
      if (!can(communityPolicy, 'canRestore', actor, anyDeleted)) throw permissionDenied();
      const found = await deps.communities.find(idOrSlug);
      if (!found) throw notFound();
      const { row, members } = await db.transaction(async (tx) => {
        const held = await lockCommunity(tx, found.id);
        if (!isDeleted(held)) throw new DomainError('invalid', 'communityNotDeleted');
        const [restored] = await tx
          .update(communities)
          .set({
            deletionStatus: LIVE,
            tombstone: null,
            updatedAt: new Date(),
            revisionId: sql`${communities.revisionId} + 1`,
          })
          .where(eq(communities.id, held.id))
          .returning();
        if (held.visibility === 'public') await touchCommunityRecords(tx, held.id);
        const tombstone = tombstoneOf(held);
        await recordAudit(tx, actor.identity, {
          action: 'community.restore',
          subject: { type: 'community', id: held.id },
          before: {
            status: 'deleted',
            ...(tombstone ? { removal_reason: tombstone.removal_reason.id } : {}),
          },
          after: { status: 'published' },
        });
        return { row: restored!, members: await memberIds(tx, held.id) };
      });
      forget(members);
      return deps.communities.viewOf(actor, row);
    },
  };
}

export type CommunityDeletionService = ReturnType<typeof createCommunityDeletionService>;
