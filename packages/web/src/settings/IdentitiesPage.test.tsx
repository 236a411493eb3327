import type { SignInMethods } from '@arca/schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const providers = ['uni', 'orcid'].map((id) => ({
  id,
  name: id === 'uni' ? 'University' : 'ORCID',
  icon: null,
  kind: 'oidc' as const,
  login_url: `/api/auth/oidc/${id}/login`,
}));

function identitiesApi(methods: SignInMethods) {
  return {
    'GET /api/config': reply(200, { ...siteConfig, login_providers: providers }),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/me/identities': reply(200, methods),
  };
}

const uni = { provider: 'uni', name: 'University', created: '2026-01-02T10:00:00Z' };

describe('IdentitiesPage', () => {
  it('keeps the last way to log in and offers the providers not linked yet', async () => {
    mockFetch(identitiesApi({ password: false, identities: [uni] }));
    renderApp('/me/settings/identities');

    expect(await screen.findByText('University')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink University' })).toBeDisabled();
    expect(screen.getByText('Your only way to log in cannot be unlinked.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link ORCID' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link University' })).toBeNull();
  });

  it('unlinks an identity when a password remains', async () => {
    const requests = mockFetch({
      ...identitiesApi({ password: true, identities: [uni] }),
      'DELETE /api/me/identities/uni': reply(204),
    });
    const { user } = renderApp('/me/settings/identities?linked=uni');

    expect(await screen.findByText('University is now linked to your account.')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Unlink University' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
  });
});
