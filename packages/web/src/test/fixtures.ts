import type { SiteConfig, UserItem } from '@arca/schema';

export const siteConfig: SiteConfig = {
  site_name: 'Arca Test',
  site_url: 'http://localhost:5000',
  signup_enabled: true,
  local_login: true,
  login_providers: [],
  email_verification_required: true,
  groups_enabled: true,
  deposit: {
    doi_required: false,
    doi_registration: 'local',
    restriction_grace_days: 30,
    custom_fields: [],
  },
  deletion_window_days: 30,
};

export function buildUser(overrides: Partial<UserItem> = {}): UserItem {
  return {
    id: '1',
    username: 'ada',
    email: 'ada@example.org',
    profile: { full_name: 'Ada Lovelace', affiliations: 'University of London' },
    identities: {},
    preferences: { visibility: 'restricted', email_visibility: 'restricted' },
    is_current_user: true,
    created: '2025-01-01T10:00:00Z',
    updated: '2025-01-01T10:00:00Z',
    links: { self: '/api/users/1', avatar: '/api/users/1/avatar.svg' },
    ...overrides,
  };
}

export const anonymous = { status: 401, body: { status: 401, message: 'Unauthorized' } };
