import type { Links } from '../../http/links.ts';
import type { EventView, RequestView } from '../../services/requests/requests.service.ts';
import { CLOSED_STATUSES, type RequestStatus } from '../../services/requests/types.ts';
import { isoDate } from './dates.ts';

/** The people a request or timeline names, by user id: what `expand=1` adds. */
export type ExpandedUsers = ReadonlyMap<string, Record<string, unknown>>;

/** `expanded.created_by` when the caller asked for it and the creator is a known user. */
function expandedCreator(createdBy: Record<string, string>, users: ExpandedUsers | undefined) {
  const user = createdBy.user === undefined ? undefined : users?.get(createdBy.user);
  return user ? { expanded: { created_by: user } } : {};
}

const ref = (type: string | null, id: string | null) => (type && id ? { [type]: id } : null);

/** A request as invenio-requests clients read it (API.md §4.3). */
export function serializeRequest(
  view: RequestView,
  links: Links,
  users?: ExpandedUsers,
): Record<string, unknown> {
  const { row } = view;
  const createdBy = { [row.creatorType]: row.creatorId };
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
    created_by: createdBy,
    ...expandedCreator(createdBy, users),
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
  users?: ExpandedUsers,
): Record<string, unknown> {
  const { row } = view;
  const api = (path: string) => links.api(`/requests/${requestId}/comments/${row.id}${path}`);
  const createdBy = { user: row.createdBy === null ? 'system' : String(row.createdBy) };
  return {
    id: row.id,
    type: row.type,
    created_by: createdBy,
    ...expandedCreator(createdBy, users),
    payload: row.payload,
    permissions: {
      can_update_comment: view.canUpdate,
      can_delete_comment: view.canDelete,
      can_reply_comment: view.canReply,
    },
    parent_id: row.parentId,
    ...('children' in view
      ? { children: view.children.map((child) => serializeEvent(child, requestId, links, users)) }
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
