import { Avatar } from '@mantine/core';
import type { CommunityJson } from '../../api/communities.ts';
import { linkPath } from '../../api/drafts.ts';

/** The community's logo, or its initials when it has none. */
export function CommunityLogo({ community, size }: { community: CommunityJson; size: number }) {
  const logo =
    community.ui?.has_logo && community.links.logo ? linkPath(community.links.logo) : null;
  return (
    <Avatar src={logo} alt="" size={size} radius="sm" color="blue">
      {community.metadata.title.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
