import type { Links } from '../../http/links.ts';
import type { EventView, RequestView } from '../../services/requests/requests.service.ts';
import { CLOSED_STATUSES, type RequestStatus } from '../../services/requests/types.ts';
import { isoDate } from './dates.ts';

const ref = (type: string | null, id: string | null) => (type && id ? { [type]: id } : null);

/** A request as invenio-requests clients read it (API.md §4.3). */
export function serializeRequest(view: RequestView, links: Links): Record<string, unknown> {
  const { row } = view;
  const api = (path: string) => links.api(`/requests/${row.id}${path}`);
  const status = row.status as RequestStatus;
  return {
    id: row.id,
    number: String(row.number),
    type: row.type,
    title: row.title,
    description: row.description,
    status,
    is_open: status === 'submitted',
    is_closed: CLOSED_STATUSES.includes(status),
    is_expired: status === 'expired',
    expires_at: row.expiresAt ? isoDate(row.expiresAt) : null,
    created: isoDate(row.createdAt),
    updated: isoDate(row.updatedAt),
    revision_id: row.revisionId,
    created_by: { [row.creatorType]: row.creatorId },
    receiver: ref(row.receiverType, row.receiverId),
    topic: ref(row.topicType, row.topicId),
    ...(Object.keys(row.payload).length > 0 ? { payload: row.payload } : {}),
    last_activity_at: isoDate(row.updatedAt),
    links: {
      self: api(''),
      self_html: links.html(`/me/requests/${row.id}`),
      comments: api('/comments'),
      timeline: api('/timeline'),
      actions: Object.fromEntries(
        view.actions.map((action) => [action, api(`/actions/${action}`)]),
      ),
    },
    ui: { permissions: { can_comment: view.canComment } },
  };
}

/** A timeline event: a comment (C) or a log (L) (API.md §4.3); replies the same way. */
export function serializeEvent(
  view: EventView | Omit<EventView, 'children'>,
  requestId: string,
  links: Links,
): Record<string, unknown> {
  const { row } = view;
  const api = (path: string) => links.api(`/requests/${requestId}/comments/${row.id}${path}`);
  return {
    id: row.id,
    type: row.type,
    created_by: row.createdBy === null ? { user: 'system' } : { user: String(row.createdBy) },
    payload: row.payload,
    permissions: {
      can_update_comment: view.canUpdate,
      can_delete_comment: view.canDelete,
      can_reply_comment: view.canReply,
    },
    parent_id: row.parentId,
    ...('children' in view
      ? { children: view.children.map((child) => serializeEvent(child, requestId, links)) }
      : {}),
    created: isoDate(row.createdAt),
    updated: isoDate(row.updatedAt),
    revision_id: row.revisionId,
    links: {
      self: api(''),
      self_html: links.html(`/me/requests/${requestId}#${row.id}`),
      ...(row.parentId === null ? { reply: api('/reply'), replies: api('/replies') } : {}),
    },
  };
}
