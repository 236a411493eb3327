import type { RequestActionKey, RequestEventItem, RequestItem, SearchResult } from '@arca/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Comments travel as HTML (InvenioRDM's format); typed text is escaped into one paragraph. */
export function textToHtml(text: string): string {
  const escaped = text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return `<p>${escaped.replaceAll('\n', '<br>')}</p>`;
}

/** The text of a comment's HTML, never rendered as markup (no script can run). */
export function htmlToText(html: string): string {
  const document = new DOMParser().parseFromString(
    html.replaceAll(/<br\s*\/?>/gi, '\n'),
    'text/html',
  );
  return document.body.textContent;
}

const commentBody = (text: string) => ({ payload: { content: textToHtml(text), format: 'html' } });

export function useMyRequests(open: boolean) {
  return useQuery({
    queryKey: queryKeys.myRequests(open),
    queryFn: ({ signal }) =>
      api.get<SearchResult<RequestItem>>(
        `/api/user/requests?is_open=${String(open)}&sort=newest&size=50`,
        signal,
      ),
  });
}

export function useRequest(id: string) {
  return useQuery({
    queryKey: queryKeys.request(id),
    queryFn: ({ signal }) =>
      api.get<RequestItem>(`/api/requests/${encodeURIComponent(id)}`, signal),
  });
}

export function useTimeline(id: string) {
  return useQuery({
    queryKey: queryKeys.requestTimeline(id),
    queryFn: ({ signal }) =>
      api.get<SearchResult<RequestEventItem>>(
        `/api/requests/${encodeURIComponent(id)}/timeline?size=100`,
        signal,
      ),
  });
}

/** Refreshes the request and its timeline after any change. */
function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.request(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.requestTimeline(id) }),
      queryClient.invalidateQueries({ queryKey: ['my-requests'] }),
    ]);
}

export function useRequestAction(request: RequestItem) {
  const refresh = useRefresh(request.id);
  return useMutation({
    mutationFn: ({ action, comment }: { action: RequestActionKey; comment: string }) =>
      api.post<RequestItem>(
        new URL(request.links.actions[action]!).pathname,
        comment.trim() ? commentBody(comment) : undefined,
      ),
    onSuccess: refresh,
  });
}

export function useAddComment(requestId: string) {
  const refresh = useRefresh(requestId);
  return useMutation({
    mutationFn: ({ text, replyTo }: { text: string; replyTo?: string }) =>
      api.post<RequestEventItem>(
        replyTo
          ? `/api/requests/${requestId}/comments/${replyTo}/reply`
          : `/api/requests/${requestId}/comments`,
        commentBody(text),
      ),
    onSuccess: refresh,
  });
}

export function useEditComment(requestId: string) {
  const refresh = useRefresh(requestId);
  return useMutation({
    mutationFn: ({ eventId, text }: { eventId: string; text: string }) =>
      api.put<RequestEventItem>(
        `/api/requests/${requestId}/comments/${eventId}`,
        commentBody(text),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteComment(requestId: string) {
  const refresh = useRefresh(requestId);
  return useMutation({
    mutationFn: (eventId: string) => api.delete(`/api/requests/${requestId}/comments/${eventId}`),
    onSuccess: refresh,
  });
}
