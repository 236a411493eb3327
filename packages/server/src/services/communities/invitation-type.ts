import type { Database } from '../../db/client.ts';
import { communityMembers } from '../../db/schema.communities.ts';
import { Administrator } from '../../permissions/policy.ts';
import {
  CommunityInviters,
  RequestReceiver,
  SystemProcess,
} from '../../permissions/requests.policy.ts';
import { COMMUNITY_ROLES, type CommunityRole } from '../../permissions/community-roles.ts';
import type { RequestType } from '../requests/types.ts';
import { and, eq } from 'drizzle-orm';
import { recordMemberChange } from './member-audit.ts';
import { holdLiveCommunity } from './tombstone.ts';

export const COMMUNITY_INVITATION = 'community-invitation';

const roleOf = (payload: Record<string, unknown>): CommunityRole =>
  COMMUNITY_ROLES.includes(payload.role as CommunityRole)
    ? (payload.role as CommunityRole)
    : 'reader';

/**
 * A person invited into a community with a role (invenio-communities
 * `CommunityInvitation`): the community's managers send it and may cancel it;
 * the invitee accepts (and becomes a member with that role, in the same
 * transaction) or declines; open invitations expire.
 */
export function communityInvitationType(deps: {
  db: Database;
  onMembersChanged?: (userIds: number[]) => void;
}): RequestType {
  return {
    id: COMMUNITY_INVITATION,
    expires: true,
    actions: {
      // The system submits the invitations that mailed links turn into (email-invitations.service.ts).
      submit: {
        from: ['created'],
        to: 'submitted',
        who: [CommunityInviters, Administrator, SystemProcess],
      },
      accept: { from: ['submitted'], to: 'accepted', who: [RequestReceiver] },
      decline: { from: ['submitted'], to: 'declined', who: [RequestReceiver] },
      cancel: {
        from: ['submitted'],
        to: 'cancelled',
        who: [CommunityInviters, Administrator, SystemProcess],
      },
      expire: { from: ['submitted'], to: 'expired', who: [SystemProcess] },
    },
    effects: {
      // With the community share-locked: a deletion cancels the invitation or it is refused.
      submit: ({ request, apply }) =>
        deps.db.transaction(async (tx) => {
          await holdLiveCommunity(tx, request.topicId ?? '');
          await apply(tx);
        }),
      accept: async ({ request, actor, apply }) => {
        const userId = Number(request.receiverId);
        const role = roleOf(request.payload);
        const communityId = request.topicId!;
        await deps.db.transaction(async (tx) => {
          const [held] = await tx
            .select({ role: communityMembers.role })
            .from(communityMembers)
            .where(
              and(
                eq(communityMembers.communityId, communityId),
                eq(communityMembers.userId, userId),
              ),
            )
            .for('update');
          await tx
            .insert(communityMembers)
            .values({ communityId, userId, role })
            .onConflictDoUpdate({
              target: [communityMembers.communityId, communityMembers.userId],
              set: { role },
            });
          await recordMemberChange(tx, actor.identity, {
            communityId,
            userId,
            before: (held?.role as CommunityRole | undefined) ?? null,
            after: role,
            via: 'invitation',
            request: request.id,
          });
          await apply(tx);
        });
        deps.onMembersChanged?.([userId]);
      },
    },
  };
}
