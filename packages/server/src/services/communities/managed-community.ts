import type { CommunityRole } from '../../permissions/community-roles.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, permissionDenied } from '../errors.ts';
import type { CommunityService } from './communities.service.ts';
import { isOwnerOf } from './members.ts';

/** A community whose members the actor manages; anyone else is refused. */
export async function managedCommunity(
  communities: CommunityService,
  actor: Actor,
  idOrSlug: string,
) {
  const row = await communities.readable(actor, idOrSlug);
  if (!communities.viewOf(actor, row).can('canManageMembers')) throw permissionDenied();
  return row;
}

/** A community the actor may invite into with `role`: only owners invite owners. */
export async function communityToInviteInto(
  communities: CommunityService,
  actor: Actor,
  idOrSlug: string,
  role: CommunityRole,
) {
  const row = await managedCommunity(communities, actor, idOrSlug);
  if (role === 'owner' && !isOwnerOf(actor, row.id)) {
    throw new DomainError('forbidden', 'ownersOnly');
  }
  return row;
}
