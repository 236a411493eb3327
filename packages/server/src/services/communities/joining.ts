import { and, eq } from 'drizzle-orm';
import { communityMembers } from '../../db/schema.communities.ts';
import { communityPolicy } from '../../permissions/communities.policy.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError } from '../errors.ts';
import { communityFacts, type CommunityKit } from './kit.ts';
import { recordMemberChange } from './member-audit.ts';
import { holdLiveCommunity } from './tombstone.ts';

/**
 * Joining a community whose member policy is open (InvenioRDM's open
 * membership): a signed-in user becomes a reader at once. Leaving is
 * members.ts's `removeMembers` with oneself.
 */
export function joinOperations(kit: CommunityKit) {
  const { db } = kit;

  return {
    /** Joins as a reader; a member keeps the role they have. */
    async join(actor: Actor, idOrSlug: string): Promise<{ role: CommunityRole; joined: boolean }> {
      const row = await kit.readable(actor, idOrSlug);
      const userId = actor.identity.userId;
      if (userId === null) throw new DomainError('unauthenticated', 'unauthorized');
      const current = actor.communities?.find((m) => m.id === row.id);
      if (current) return { role: current.role, joined: false };
      if (!can(communityPolicy, 'canJoin', actor, communityFacts(row))) {
        throw new DomainError('forbidden', 'memberPolicyClosed');
      }
      // Parallel joins race to the primary key: one row, whoever wins.
      const inserted = await db.transaction(async (tx) => {
        // A deletion committed since the check refuses the join.
        await holdLiveCommunity(tx, row.id);
        const rows = await tx
          .insert(communityMembers)
          .values({ communityId: row.id, userId, role: 'reader' })
          .onConflictDoNothing()
          .returning({ role: communityMembers.role });
        if (rows.length > 0) {
          await recordMemberChange(tx, actor.identity, {
            communityId: row.id,
            userId,
            before: null,
            after: 'reader',
            via: 'join',
          });
        }
        return rows;
      });
      if (inserted.length > 0) {
        kit.membersChanged([userId]);
        return { role: 'reader', joined: true };
      }
      const [mine] = await db
        .select({ role: communityMembers.role })
        .from(communityMembers)
        .where(and(eq(communityMembers.communityId, row.id), eq(communityMembers.userId, userId)));
      return { role: (mine?.role ?? 'reader') as CommunityRole, joined: false };
    },
  };
}
