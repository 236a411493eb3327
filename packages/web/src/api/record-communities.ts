import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { COMMUNITY_PAGE_SIZE, type CommunityPage } from './communities.ts';
import { queryKeys } from './query-keys.ts';
import type { RequestJson } from './requests.ts';

// A published record's communities (API.md §1.1): asking a community to
// include it, taking it out, and the inclusion requests still open.

const base = (recordId: string) => `/api/records/${encodeURIComponent(recordId)}`;

/** The answer of POST …/communities (rdm-records `RDMRecordCommunitiesResource.add`). */
export interface InclusionAnswer {
  processed?: { community_id: string; request_id: string; request: RequestJson }[];
  errors?: { community_id: string; message: string }[];
}

/** Communities the record could join: not its own, none it asked already. */
export function useCommunitySuggestions(
  recordId: string,
  params: { mine: boolean; q: string; page: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.communitySuggestions(recordId, params.mine, params.q, params.page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        size: String(COMMUNITY_PAGE_SIZE),
        page: String(params.page),
        sort: 'bestmatch',
      });
      if (params.q.trim()) query.set('q', params.q.trim());
      if (params.mine) query.set('membership', 'true');
      return apiRequest<CommunityPage>(
        `${base(recordId)}/communities-suggestions?${query.toString()}`,
        { signal },
      );
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The record's inclusion requests still open, those the reader may see. */
export function useOpenInclusions(recordId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.recordInclusions(recordId),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        topic: `record:${recordId}`,
        type: 'community-inclusion',
        is_open: 'true',
        sort: 'newest',
      });
      return apiRequest<{ hits: { hits: RequestJson[]; total: number } }>(
        `/api/requests?${query.toString()}`,
        { signal },
      );
    },
    enabled,
  });
}

/** After any change the record, its open requests and the suggestions are read again. */
function useRefresh(recordId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['record', recordId] }),
      client.invalidateQueries({ queryKey: queryKeys.recordInclusions(recordId) }),
      client.invalidateQueries({ queryKey: ['community-suggestions', recordId] }),
    ]);
}

/** Asks one community to include the record (or includes it where the community allows). */
export function useIncludeInCommunity(recordId: string) {
  const refresh = useRefresh(recordId);
  return useMutation({
    mutationFn: (communityId: string) =>
      apiRequest<InclusionAnswer>(`${base(recordId)}/communities`, {
        method: 'POST',
        body: { communities: [{ id: communityId }] },
      }),
    onSettled: refresh,
  });
}

/** Takes the record out of one community. */
export function useRemoveFromCommunity(recordId: string) {
  const refresh = useRefresh(recordId);
  return useMutation({
    mutationFn: (communityId: string) =>
      apiRequest<{ errors?: { community: string; message: string }[] }>(
        `${base(recordId)}/communities`,
        { method: 'DELETE', body: { communities: [{ id: communityId }] } },
      ),
    onSettled: refresh,
  });
}
