// The requests API as clients read it (API.md §4.3).

export const REQUEST_STATUS_NAMES = [
  'created',
  'submitted',
  'accepted',
  'declined',
  'cancelled',
  'expired',
] as const;
export type RequestStatusName = (typeof REQUEST_STATUS_NAMES)[number];
export type RequestActionKey = 'submit' | 'accept' | 'decline' | 'cancel' | 'expire';

export interface RequestItem {
  id: string;
  number: string;
  type: string;
  title: string;
  description: string;
  status: RequestStatusName;
  is_open: boolean;
  is_closed: boolean;
  is_expired: boolean;
  expires_at: string | null;
  created: string;
  updated: string;
  revision_id: number;
  created_by: Record<string, string>;
  receiver: Record<string, string> | null;
  topic: Record<string, string> | null;
  links: {
    self: string;
    self_html: string;
    comments: string;
    timeline: string;
    /** Only the actions the caller may run now. */
    actions: Partial<Record<RequestActionKey, string>>;
  };
  ui?: { permissions: { can_comment: boolean } };
}

export interface RequestEventItem {
  id: string;
  /** C: comment; L: log of a status change (payload.event). */
  type: 'C' | 'L';
  created_by: { user: string };
  payload: { content?: string; format?: string; event?: string };
  permissions: {
    can_update_comment: boolean;
    can_delete_comment: boolean;
    can_reply_comment: boolean;
  };
  parent_id: string | null;
  children: Omit<RequestEventItem, 'permissions' | 'children'>[];
  created: string;
  updated: string;
  revision_id: number;
  links: { self: string; reply?: string; replies?: string };
}
