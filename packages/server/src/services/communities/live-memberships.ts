import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities, communityMembers } from '../../db/schema.communities.ts';
import type { CommunityRole } from '../../permissions/community-roles.ts';
import { LIVE } from './tombstone.ts';

/**
 * The live communities a user belongs to, with their role: part of every
 * actor. A deleted community's roles give nothing until it is restored.
 */
export async function liveMembershipsOf(
  db: Database,
  userId: number,
): Promise<{ id: string; role: CommunityRole }[]> {
  const rows = await db
    .select({ id: communityMembers.communityId, role: communityMembers.role })
    .from(communityMembers)
    .innerJoin(
      communities,
      and(eq(communities.id, communityMembers.communityId), eq(communities.deletionStatus, LIVE)),
    )
    .where(eq(communityMembers.userId, userId));
  return rows.map((r) => ({ id: r.id, role: r.role as CommunityRole }));
}
