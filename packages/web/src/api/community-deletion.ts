import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type Hits } from './admin.ts';
import { api, apiRequest } from './client.ts';
import { bodyOf } from './community-admin.ts';
import type { CommunityJson } from './communities.ts';

// Deleting and restoring communities, and the administration's list of them (API.md §5.1).

/** What a deletion says about itself: the tombstone's fields. */
export interface CommunityDeletionInput {
  removal_reason: { id: string };
  note: string;
  is_visible?: boolean;
}

/** The administration's filters: status (live or deleted) and visibility; '' is any. */
export interface AdminCommunityFilters {
  q: string;
  status: '' | 'published' | 'deleted';
  visibility: '' | 'public' | 'restricted';
  page: number;
}

const path = (id: string) => `/api/communities/${encodeURIComponent(id)}`;

/** Under the admin reads' key: every admin change refreshes it. */
export function useAdminCommunities(filters: AdminCommunityFilters) {
  return useQuery({
    queryKey: ['admin', 'communities', filters],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        size: String(ADMIN_PAGE_SIZE),
        page: String(filters.page),
      });
      if (filters.q) query.set('q', filters.q);
      if (filters.status) query.set('status', filters.status);
      if (filters.visibility) query.set('visibility', filters.visibility);
      return api.get<Hits<CommunityJson>>(`/api/admin/communities?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** A deletion or restore changes the community's page, the lists and the records: all are reread. */
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useDeleteCommunity(id: string) {
  const onSuccess = useRefreshAll();
  return useMutation({
    mutationFn: (input: CommunityDeletionInput) =>
      apiRequest<void>(path(id), { method: 'DELETE', body: input }),
    onSuccess,
  });
}

export function useRestoreCommunity(id: string) {
  const onSuccess = useRefreshAll();
  return useMutation({
    mutationFn: () => api.post<CommunityJson>(`${path(id)}/restore`),
    onSuccess,
  });
}

/** An administrator restricts a community or makes it public: its update, all else kept. */
export function useCommunityVisibility(community: CommunityJson) {
  const onSuccess = useRefreshAll();
  return useMutation({
    mutationFn: (visibility: 'public' | 'restricted') =>
      api.put<CommunityJson>(path(community.id), bodyOf(community, { access: { visibility } })),
    onSuccess,
  });
}
