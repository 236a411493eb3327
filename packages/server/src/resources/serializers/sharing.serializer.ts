import type { Links } from '../../http/links.ts';
import type { Identity } from '../../permissions/policy.ts';
import type { GrantView } from '../../services/sharing/grants.service.ts';
import type { LinkWithToken } from '../../services/sharing/links.service.ts';
import type { LinkUseView } from '../../services/sharing/link-usage.ts';
import { isoDate } from './dates.ts';

/**
 * A secret link as InvenioRDM returns it (API.md §3.1), with Arca's caps and,
 * from the links API (managers only), how it was used.
 */
export function serializeLink(link: LinkWithToken) {
  return {
    id: link.id,
    created_at: isoDate(link.createdAt),
    expires_at: link.expiresAt,
    permission: link.permission,
    description: link.description,
    origin: link.origin,
    token: link.token,
    max_uses: link.maxUses,
    max_downloads: link.maxDownloads,
    one_visitor: link.oneVisitor,
    notify_first_use: link.notifyFirstUse,
    ...(link.usage
      ? {
          usage: {
            uses: link.usage.uses,
            downloads: link.usage.downloads,
            visitors: link.usage.visitors,
            last_used_at: link.usage.lastUsedAt ? isoDate(link.usage.lastUsedAt) : null,
          },
        }
      : {}),
  };
}

/**
 * One use of a secret link: when, which version, which file (null: a read),
 * and the visitor by number on this link: a hash would let a manager match
 * visitors across links and records, a number only within the link.
 */
export function serializeLinkUse(use: LinkUseView) {
  return {
    used_at: isoDate(use.usedAt),
    record_id: use.recordId,
    version: use.version,
    file: use.fileKey,
    visitor: use.visitor,
  };
}

/**
 * A grant (API.md §3.2), its id stable rather than a list index; with
 * `expand`, the subject as the share dialog shows it (SPEC §3).
 */
export function serializeGrant(view: GrantView, viewer: Identity, links: Links, expand: boolean) {
  const { row, subject } = view;
  const grant: Record<string, unknown> = {
    id: row.id,
    subject: { type: row.subjectType, id: row.subjectId },
    permission: row.permission,
    origin: row.origin,
  };
  if (!expand) return grant;
  if (subject?.type === 'user') {
    const { user } = subject;
    // A private profile the caller may not see: the id, no name (personPolicy).
    const { shown } = subject;
    grant.expanded = {
      subject: {
        id: String(user.id),
        username: shown ? user.username : null,
        name: shown ? user.fullName || user.username || '' : '',
        profile: shown
          ? { full_name: user.fullName, affiliations: user.affiliations }
          : { full_name: '', affiliations: '' },
        is_current_user: viewer.userId === user.id,
        links: {
          self: links.api(`/users/${user.id}`),
          avatar: links.api(`/users/${user.id}/avatar.svg`),
        },
      },
    };
  } else if (subject?.type === 'role') {
    const { group } = subject;
    grant.expanded = {
      subject: {
        id: group.id,
        name: group.id,
        title: group.title || group.id,
        description: group.description,
        is_current_user: false,
        links: {
          self: links.api(`/groups/${group.id}`),
          avatar: links.api(`/groups/${group.id}/avatar.svg`),
        },
      },
    };
  } else {
    // The subject is gone (a deleted account or group): the grant still shows.
    grant.expanded = { subject: { id: row.subjectId, is_current_user: false } };
  }
  return grant;
}
