import { useOutletContext } from 'react-router';
import type { CommunityJson } from '../api/communities.ts';

/** The community of the page, as its layout loaded it, for the tab inside. */
export function useCommunityOfPage(): CommunityJson {
  return useOutletContext<CommunityJson>();
}

/** The query that keeps a record search to one community (API.md §6.2 query syntax). */
export function communityScope(community: CommunityJson): string {
  return `parent.communities.ids:"${community.id}"`;
}

/** The community's requests (submissions), on the requests page, for its curators. */
export function communityRequestsPath(community: CommunityJson): string {
  return `/me/requests?${new URLSearchParams({ receiver: `community:${community.id}` })}`;
}
