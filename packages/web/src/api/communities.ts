import type { CommunityTombstone, RecordJson } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { linkPath } from './drafts.ts';
import { queryKeys } from './query-keys.ts';

// The deposit editor's community calls (SPEC §7; API.md §4.2, §5.1).

/** A community as the API serializes it, the parts the editor reads. */
export interface CommunityJson {
  id: string;
  slug: string;
  created?: string;
  revision_id?: number;
  metadata: {
    title: string;
    description?: string;
    website?: string;
    organizations?: { name: string }[];
    /** The "About" page and the curation policy: sanitised rich text. */
    page?: string;
    curation_policy?: string;
  };
  access: {
    visibility: 'public' | 'restricted';
    record_submission_policy?: string;
    review_policy?: string;
    members_visibility?: string;
    member_policy?: string;
  };
  theme?: { enabled: boolean; style?: { primaryColor?: string | null } };
  /** InvenioRDM's deletion status; only the administration's list shows deleted ones. */
  deletion_status?: { is_deleted: boolean; status: string };
  tombstone?: CommunityTombstone;
  links: { self_html?: string; logo?: string; upload_html?: string };
  ui?: {
    permissions?: {
      can_submit_record?: boolean;
      can_include_directly?: boolean;
      can_update?: boolean;
      can_manage_members?: boolean;
      can_curate?: boolean;
      can_remove_record?: boolean;
      can_read_members?: boolean;
      can_leave?: boolean;
      can_join?: boolean;
      can_delete?: boolean;
      can_restore?: boolean;
    };
    role?: string | null;
    has_logo?: boolean;
    records_count?: number;
    /** The administration's list only. */
    members_count?: number;
  };
}

export interface CommunityPage {
  hits: { hits: CommunityJson[]; total: number };
}

/** The picker's page size (SPEC §9). */
export const COMMUNITY_PAGE_SIZE = 5;

/** All visible communities, or only the caller's (`mine`), best matches first. */
export function searchCommunities(
  params: { mine: boolean; q: string; page: number },
  signal?: AbortSignal,
): Promise<CommunityPage> {
  const query = new URLSearchParams({
    size: String(COMMUNITY_PAGE_SIZE),
    page: String(params.page),
    sort: 'bestmatch',
  });
  if (params.q.trim()) query.set('q', params.q.trim());
  const base = params.mine ? '/api/user/communities' : '/api/communities';
  return apiRequest<CommunityPage>(`${base}?${query.toString()}`, { signal });
}

/** One community by id or slug. */
export function readCommunity(idOrSlug: string, signal?: AbortSignal): Promise<CommunityJson> {
  return apiRequest<CommunityJson>(`/api/communities/${encodeURIComponent(idOrSlug)}`, {
    signal,
  });
}

/** A community's page: the community by slug (a restricted one answers 404 to outsiders). */
export function useCommunity(idOrSlug: string) {
  return useQuery({
    queryKey: queryKeys.community(idOrSlug),
    queryFn: ({ signal }) => readCommunity(idOrSlug, signal),
    enabled: idOrSlug !== '',
    retry: false,
  });
}

/** The body of PUT …/draft/review, and of `parent.review` when a draft is created. */
export function reviewBody(communityId: string) {
  return { receiver: { community: communityId }, type: 'community-submission' as const };
}

const reviewLink = (draft: RecordJson) =>
  linkPath(draft.links.review ?? `/api/records/${draft.id}/draft/review`);

export function putReview(draft: RecordJson, communityId: string): Promise<unknown> {
  return apiRequest(reviewLink(draft), { method: 'PUT', body: reviewBody(communityId) });
}

export function deleteReview(draft: RecordJson): Promise<void> {
  return apiRequest<void>(reviewLink(draft), { method: 'DELETE' });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain-text comment as the request actions take it (HTML); nothing when it is blank. */
function commentBody(comment: string) {
  const text = comment.trim();
  return text ? { payload: { content: `<p>${escapeHtml(text)}</p>`, format: 'html' } } : undefined;
}

/** Submits the draft for review; the answer's `links.next_html` is where to go next. */
export function submitReview(
  draft: RecordJson,
  comment: string,
): Promise<{ links: { next_html?: string } }> {
  const link =
    draft.links['submit-review'] ?? `/api/records/${draft.id}/draft/actions/submit-review`;
  return apiRequest(linkPath(link), { method: 'POST', body: commentBody(comment) });
}

/** Cancels the open review (`links.actions.cancel`), with an optional comment. */
export function cancelReview(draft: RecordJson, comment = ''): Promise<unknown> {
  return apiRequest(linkPath(draft.links.actions?.cancel ?? ''), {
    method: 'POST',
    body: commentBody(comment),
  });
}

/** The dashboard's search of the caller's communities (`/me/communities`). */
export function useMyCommunities(params: Record<string, string | undefined>) {
  return useQuery({
    queryKey: queryKeys.myCommunities(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
      return apiRequest<CommunityPage>(`/api/user/communities?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
