import type { Database } from '../../db/client.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/**
 * How someone became a member: creating the community, a manager added them,
 * an invitation, open joining, or the server seeding it.
 */
export type MemberVia = 'creation' | 'manager' | 'invitation' | 'join' | 'system';

/**
 * Records one change of a community membership: a role gives access to the
 * community's records, so each change is an access change. `before`/`after`
 * are the member's role (null when not a member); nothing is written when they
 * are equal.
 */
export async function recordMemberChange(
  tx: Database,
  actor: AuditActor,
  change: {
    communityId: string;
    userId: number;
    before: CommunityRole | null;
    after: CommunityRole | null;
    via?: MemberVia | undefined;
    request?: string | undefined;
  },
): Promise<void> {
  const { communityId, userId, before, after } = change;
  if (before === after) return;
  const subject = { type: 'community' as const, id: communityId };
  const context = {
    ...(change.via ? { via: change.via } : {}),
    ...(change.request ? { request: change.request } : {}),
  };
  if (before === null) {
    await recordAudit(tx, actor, {
      action: 'community.member_add',
      subject,
      after: { user: userId, role: after, ...context },
    });
  } else if (after === null) {
    await recordAudit(tx, actor, {
      action: actor.userId === userId ? 'community.member_leave' : 'community.member_remove',
      subject,
      before: { user: userId, role: before },
    });
  } else {
    await recordAudit(tx, actor, {
      action: 'community.member_role',
      subject,
      before: { user: userId, role: before },
      after: { user: userId, role: after, ...context },
    });
  }
}
