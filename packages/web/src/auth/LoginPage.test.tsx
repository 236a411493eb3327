import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const site = { 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous };

describe('LoginPage', () => {
  it('shows what is wrong with each field when submitted empty', async () => {
    const requests = mockFetch(site);
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Not a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Missing data for required field.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the password is wrong", async () => {
    mockFetch({
      ...site,
      'POST /api/auth/login': reply(401, { status: 401, message: 'Invalid email or password.' }),
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('goes to the next page once logged in', async () => {
    const requests = mockFetch({
      ...site,
      'POST /api/auth/login': reply(200, buildUser()),
      'GET /api/user/tokens': reply(200, { hits: { hits: [], total: 0 } }),
    });
    const { user, router } = renderApp('/login?next=%2Fme%2Fsettings%2Ftokens');

    await user.type(await screen.findByLabelText('Email'), 'Ada@Example.org ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await screen.findByRole('heading', { name: 'Personal access tokens' });
    expect(router.state.location.pathname).toBe('/me/settings/tokens');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'ada@example.org',
      password: 'correct horse',
    });
  });

  it('offers no password form when local passwords are switched off', async () => {
    mockFetch({
      'GET /api/config': reply(200, { ...siteConfig, local_login: false, signup_enabled: false }),
      'GET /api/me': anonymous,
    });
    renderApp('/login');

    expect(
      await screen.findByText('Logging in with a password is switched off on this site.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it("offers the providers and says in the user's language why a provider login failed", async () => {
    const provider = {
      id: 'uni',
      name: 'University',
      icon: null,
      kind: 'oidc' as const,
      login_url: '/api/auth/oidc/uni/login',
    };
    mockFetch({
      'GET /api/config': reply(200, { ...siteConfig, login_providers: [provider] }),
      'GET /api/me': anonymous,
    });
    renderApp('/login?next=%2Fuploads&provider_error=state&provider=uni');

    const button = await screen.findByRole('link', { name: 'Log in with University' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/uni/login?next=%2Fuploads');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The answer from the identity provider does not belong to this login.',
    );
  });
});
