import type { GroupItem, TokenItem, UserItem, Visibility } from '@arca/schema';
import type { Links } from '../../http/links.ts';
import type { Identity } from '../../permissions/policy.ts';
import type { UserRow } from '../../services/accounts.service.ts';
import type { GroupRow } from '../../services/groups.service.ts';
import type { TokenRow } from '../../services/tokens.service.ts';
import { isoDate } from './dates.ts';

/**
 * A user as others see them; the account holder and administrators also get
 * the private parts (email, preferences, admin flag, active). Without
 * `details` (personPolicy said no: a private profile), only the id and the
 * links, with the name and affiliation left empty, keeping the shape.
 */
export function serializeUser(
  row: UserRow,
  viewer: Identity,
  links: Links,
  details: boolean,
): UserItem {
  const isSelf = viewer.userId === row.id;
  const full = isSelf || viewer.isAdmin || viewer.isSystem;
  const shown = details;
  const item: UserItem = {
    id: String(row.id),
    username: shown ? row.username : null,
    profile: shown
      ? { full_name: row.fullName, affiliations: row.affiliations }
      : { full_name: '', affiliations: '' },
    identities: shown && row.orcid ? { orcid: row.orcid } : {},
    is_current_user: isSelf,
    created: isoDate(row.createdAt),
    updated: isoDate(row.updatedAt),
    links: {
      self: links.api(`/users/${row.id}`),
      avatar: links.api(`/users/${row.id}/avatar.svg`),
    },
  };
  if (full || (shown && row.emailVisibility === 'public')) item.email = row.email;
  if (full) {
    item.preferences = {
      visibility: row.visibility as Visibility,
      email_visibility: row.emailVisibility as Visibility,
      ...(row.locale ? { locale: row.locale } : {}),
    };
    item.is_admin = row.isAdmin;
    item.active = row.active;
    item.email_verified = row.emailVerifiedAt !== null;
  }
  return item;
}

export function serializeGroup(row: GroupRow, links: Links, membersCount?: number): GroupItem {
  return {
    id: row.id,
    name: row.id,
    title: row.title || row.id,
    description: row.description,
    provider: 'database',
    is_managed: true,
    ...(membersCount === undefined ? {} : { members_count: membersCount }),
    links: {
      self: links.api(`/groups/${row.id}`),
      avatar: links.api(`/groups/${row.id}/avatar.svg`),
    },
  };
}

export function serializeToken(row: TokenRow, token?: string): TokenItem {
  return {
    id: String(row.id),
    name: row.name,
    created: isoDate(row.createdAt),
    last_used: row.lastUsedAt ? isoDate(row.lastUsedAt) : null,
    ...(token ? { token } : {}),
  };
}
