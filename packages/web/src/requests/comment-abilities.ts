import type { RequestEvent } from '../api/requests.ts';

export interface CommentAbilities {
  edit: boolean;
  delete: boolean;
  reply: boolean;
}

const NONE: CommentAbilities = { edit: false, delete: false, reply: false };

/**
 * What the reader may do with a timeline event. The server says so in the
 * event's `permissions`; without them (an older server), only the author edits
 * and deletes, and anyone who may comment replies to a top-level comment.
 */
export function commentAbilities(
  event: RequestEvent,
  me: string | undefined,
  canComment: boolean,
): CommentAbilities {
  if (event.type !== 'C') return NONE;
  const permissions = event.permissions;
  if (permissions) {
    return {
      edit: permissions.can_update_comment === true,
      delete: permissions.can_delete_comment === true,
      reply: permissions.can_reply_comment === true,
    };
  }
  const own = me !== undefined && event.created_by.user === me;
  return { edit: own, delete: own, reply: canComment && !event.parent_id };
}
