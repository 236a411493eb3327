import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communityMembers } from '../../db/schema.communities.ts';
import { requests } from '../../db/schema.requests.ts';
import { users } from '../../db/schema.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError } from '../errors.ts';
import { shownUsers } from '../people.ts';
import type { RequestService } from '../requests/requests.service.ts';
import type { CommunityService } from './communities.service.ts';
import { invitationMessageHtml as messageHtml } from './invitation-message.ts';
import { COMMUNITY_INVITATION } from './invitation-type.ts';
import { communityToInviteInto, managedCommunity } from './managed-community.ts';

/**
 * Invitations into a community (invenio-communities `invitations`): a manager
 * invites users with a role and a message; each invitation is a request the
 * invitee accepts or declines (invitation-type.ts).
 */
export function createInvitationService(deps: {
  db: Database;
  communities: CommunityService;
  requests: RequestService;
}) {
  const { db, communities } = deps;

  const managed = (actor: Actor, idOrSlug: string) =>
    managedCommunity(communities, actor, idOrSlug);

  return {
    /** Invites users with a role; only owners invite owners. Returns the requests' ids. */
    async invite(
      actor: Actor,
      idOrSlug: string,
      userIds: string[],
      role: CommunityRole,
      message?: string,
    ): Promise<string[]> {
      const row = await communityToInviteInto(communities, actor, idOrSlug, role);
      const bad = userIds.find((id) => !/^\d+$/.test(id));
      if (bad !== undefined)
        throw new DomainError('invalid', 'memberNotFound', { params: { id: bad } });
      const ids = [...new Set(userIds.map(Number))];
      const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      const missing = ids.find((id) => !found.some((u) => u.id === id));
      if (missing !== undefined) {
        throw new DomainError('invalid', 'memberNotFound', { params: { id: missing } });
      }
      const created = await db.transaction(async (tx) => {
        // One inviter at a time per community: two managers cannot invite the same person twice.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invite:${row.id}`}))`);
        const members = await tx
          .select({ id: communityMembers.userId })
          .from(communityMembers)
          .where(
            and(eq(communityMembers.communityId, row.id), inArray(communityMembers.userId, ids)),
          );
        if (members[0]) {
          throw new DomainError('invalid', 'alreadyMember', { params: { id: members[0].id } });
        }
        const open = await tx
          .select({ id: requests.receiverId })
          .from(requests)
          .where(
            and(
              eq(requests.type, COMMUNITY_INVITATION),
              eq(requests.topicId, row.id),
              eq(requests.receiverType, 'user'),
              inArray(requests.receiverId, ids.map(String)),
              inArray(requests.status, ['created', 'submitted']),
            ),
          );
        if (open[0]) {
          throw new DomainError('invalid', 'alreadyInvited', { params: { id: open[0].id ?? '' } });
        }
        const rows = [];
        for (const userId of ids) {
          rows.push(
            await deps.requests.create(
              {
                type: COMMUNITY_INVITATION,
                title: row.title,
                topic: { type: 'community', id: row.id },
                receiver: { type: 'user', id: String(userId) },
                creator: { type: 'community', id: row.id },
                payload: { role },
              },
              tx,
            ),
          );
        }
        return rows;
      });
      const comment = messageHtml(message);
      for (const request of created) await deps.requests.act(actor, request.id, 'submit', comment);
      return created.map((request) => request.id);
    },

    /** The community's open invitations, newest first, for its managers. */
    async list(actor: Actor, idOrSlug: string) {
      const row = await managed(actor, idOrSlug);
      const rows = await db
        .select({ request: requests, user: users })
        .from(requests)
        .innerJoin(users, sql`${users.id}::text = ${requests.receiverId}`)
        .where(
          and(
            eq(requests.type, COMMUNITY_INVITATION),
            eq(requests.topicId, row.id),
            eq(requests.receiverType, 'user'),
            eq(requests.status, 'submitted'),
          ),
        )
        .orderBy(desc(requests.createdAt))
        .limit(1000);
      const shown = await shownUsers(
        db,
        actor,
        rows.map((r) => r.user),
      );
      return rows.map((r) => ({ ...r, shown: shown.has(r.user.id) }));
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
