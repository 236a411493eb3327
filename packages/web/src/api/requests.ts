import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { apiPath } from './records.ts';

// The requests API (API.md §4.3): the request page and the requests dashboard.

export type RequestStatus =
  'created' | 'submitted' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** A person as `expand=1` names them (the creator of a request or of a timeline event). */
export interface ExpandedUser {
  id: string;
  username?: string | null;
  profile?: { full_name?: string };
}

/** The name to show for a person the server expanded, if it gave one. */
export const expandedName = (user: ExpandedUser | undefined) =>
  user?.profile?.full_name || user?.username || undefined;

export interface RequestJson {
  id: string;
  number: string;
  type: string;
  title: string;
  description: string;
  status: RequestStatus;
  is_open: boolean;
  is_closed: boolean;
  created: string;
  updated: string;
  created_by: Record<string, string>;
  receiver: Record<string, string> | null;
  topic: Record<string, string> | null;
  payload?: Record<string, unknown>;
  expanded?: { created_by?: ExpandedUser };
  links: {
    self: string;
    self_html: string;
    comments: string;
    timeline: string;
    actions: Partial<Record<'accept' | 'decline' | 'cancel' | 'submit' | 'expire', string>>;
  };
  ui?: { permissions?: { can_comment?: boolean } };
}

/** What the reader may do with a comment, as the server works it out (API.md §4.3). */
export interface CommentPermissions {
  can_update_comment?: boolean;
  can_delete_comment?: boolean;
  can_reply_comment?: boolean;
}

/** A timeline event: C = comment, L = status log (`payload.event`); a comment's replies in `children`. */
export interface RequestEvent {
  id: string;
  type: 'C' | 'L' | 'R';
  created_by: { user: string };
  payload: { content?: string; format?: string; event?: string };
  created: string;
  updated?: string;
  revision_id?: number;
  parent_id?: string | null;
  permissions?: CommentPermissions;
  children?: RequestEvent[];
  expanded?: { created_by?: ExpandedUser };
  links?: { self?: string; reply?: string };
}

interface Hits<T> {
  hits: { hits: T[]; total: number };
}

/** A guest follows their request with `?access_request_token=`; every call carries it. */
export function withRequestToken(path: string, token: string | undefined): string {
  if (!token) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}access_request_token=${encodeURIComponent(token)}`;
}

export function useRequest(id: string, token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.request(id),
    queryFn: ({ signal }) =>
      api.get<RequestJson>(
        withRequestToken(`/api/requests/${encodeURIComponent(id)}?expand=1`, token),
        signal,
      ),
  });
}

export function useTimeline(request: RequestJson | undefined, token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.requestTimeline(request?.id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<Hits<RequestEvent>>(
          withRequestToken(`${apiPath(request?.links.timeline ?? '')}?size=100&expand=1`, token),
          signal,
        )
        .then((result) => result.hits.hits),
    enabled: request !== undefined,
  });
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.request(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.requestTimeline(id) }),
      queryClient.invalidateQueries({ queryKey: ['my-requests'] }),
    ]);
}

const htmlPayload = (content: string) => ({ payload: { content, format: 'html' } });

/** Plain text typed by a person, as the HTML the API stores (escaped, paragraphs kept). */
export function textToHtml(text: string): string {
  const escaped = text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/** The plain text a person typed, back from the HTML `textToHtml` made (for editing). */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of Array.from(body.querySelectorAll('br'))) br.replaceWith('\n');
  const blocks = Array.from(body.children).filter((child) => child.tagName === 'P');
  if (blocks.length > 0 && blocks.length === body.children.length) {
    return blocks.map((block) => block.textContent ?? '').join('\n\n');
  }
  return body.textContent ?? '';
}

export function useComment(request: RequestJson, token: string | undefined) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: (text: string) =>
      api.post<RequestEvent>(
        withRequestToken(apiPath(request.links.comments), token),
        htmlPayload(textToHtml(text)),
      ),
    onSuccess: refresh,
  });
}

/** A comment's own address (`links.self`), or where the API keeps it. */
const commentPath = (request: RequestJson, event: RequestEvent) =>
  apiPath(event.links?.self ?? `${request.links.comments}/${event.id}`);

/** Edits one's own comment (`PUT …/comments/{id}`). */
export function useEditComment(request: RequestJson, token: string | undefined) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: ({ event, text }: { event: RequestEvent; text: string }) =>
      api.put<RequestEvent>(
        withRequestToken(commentPath(request, event), token),
        htmlPayload(textToHtml(text)),
      ),
    onSuccess: refresh,
  });
}

/** Deletes a comment; the timeline keeps a "comment deleted" entry in its place. */
export function useDeleteComment(request: RequestJson, token: string | undefined) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: (event: RequestEvent) =>
      api.delete(withRequestToken(commentPath(request, event), token)),
    onSuccess: refresh,
  });
}

/** Replies to a comment (`POST …/comments/{id}/reply`); replies do not nest. */
export function useReply(request: RequestJson, token: string | undefined) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: ({ event, text }: { event: RequestEvent; text: string }) =>
      api.post<RequestEvent>(
        withRequestToken(
          apiPath(event.links?.reply ?? `${request.links.comments}/${event.id}/reply`),
          token,
        ),
        htmlPayload(textToHtml(text)),
      ),
    onSuccess: refresh,
  });
}

export function useRequestAction(request: RequestJson, token: string | undefined) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: ({ link, comment }: { link: string; comment: string }) =>
      api.post<RequestJson>(
        withRequestToken(apiPath(link), token),
        comment.trim() ? htmlPayload(textToHtml(comment)) : undefined,
      ),
    onSuccess: refresh,
  });
}

/**
 * My requests, open or closed (`/api/user/requests`); with `receiver`
 * (`community:<id>`), only those sent to it: a community's submissions.
 */
export function useMyRequests(open: boolean, receiver?: string) {
  return useQuery({
    queryKey: queryKeys.myRequests(open, receiver ?? ''),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        is_open: open ? 'true' : 'false',
        sort: 'newest',
        size: '100',
      });
      if (receiver) query.set('receiver', receiver);
      return api
        .get<Hits<RequestJson>>(`/api/user/requests?${query.toString()}`, signal)
        .then((result) => result.hits);
    },
  });
}

/** A person's display name for the timeline; falls back to nothing when the profile is private. */
export function useUserName(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.userName(id ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ profile?: { full_name?: string }; username?: string | null }>(
          `/api/users/${encodeURIComponent(id ?? '')}`,
          signal,
        )
        .then((user) => user.profile?.full_name || user.username || ''),
    enabled: id !== undefined && id !== 'system' && /^\d+$/.test(id),
    staleTime: Infinity,
    retry: false,
  });
}
