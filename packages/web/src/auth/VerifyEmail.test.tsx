import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const config = { 'GET /api/config': reply(200, siteConfig) };

describe('e-mail verification', () => {
  it("confirms the link's address once, and says so", async () => {
    const requests = mockFetch({
      ...config,
      'GET /api/me': anonymous,
      'POST /api/auth/verify-email': reply(204),
    });
    renderApp('/verify-email?token=abc.def');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    // Signed out (a first sign-in's link opened in another browser): the way on is to log in.
    // (The header has its own "Log in", back to this page.)
    const logIns = screen.getAllByRole('link', { name: 'Log in' });
    expect(logIns.map((link) => link.getAttribute('href'))).toContain('/login');
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([{ token: 'abc.def' }]);
  });

  it('leads on to where the visitor was going when they signed up (an invitation, say)', async () => {
    mockFetch({
      ...config,
      'GET /api/me': anonymous,
      'POST /api/auth/verify-email': reply(204),
    });
    renderApp('/verify-email?token=abc.def&next=%2Fme%2Fcommunity-invitation%3Ftoken%3Dxyz');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    const logIns = screen.getAllByRole('link', { name: 'Log in' });
    expect(logIns.map((link) => link.getAttribute('href'))).toContain(
      '/login?next=%2Fme%2Fcommunity-invitation%3Ftoken%3Dxyz',
    );
  });

  it('never leads to another site', async () => {
    mockFetch({ ...config, 'GET /api/me': anonymous, 'POST /api/auth/verify-email': reply(204) });
    renderApp('/verify-email?token=abc.def&next=%2F%2Fevil.example');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    const logIn = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(logIn).toHaveAttribute('href', '/login');
  });

  it("is signed in after a first sign-in's link, even when the page asked who it was first", async () => {
    // The page asks who is signed in as it opens; that answer (no one) may come back only
    // after the link made the session. It must not be the last word.
    let linkUsed!: () => void;
    const used = new Promise<void>((resolve) => (linkUsed = resolve));
    let asked = 0;
    mockFetch({
      ...config,
      'GET /api/me': () => {
        asked += 1;
        if (asked > 1) return reply(200, buildUser());
        return used.then(() => new Promise((resolve) => setTimeout(() => resolve(anonymous), 20)));
      },
      'POST /api/auth/verify-email': () => {
        linkUsed();
        return reply(204);
      },
    });
    renderApp('/verify-email?token=abc.def');

    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it("shows the server's word on a used link", async () => {
    mockFetch({
      ...config,
      'GET /api/me': anonymous,
      'POST /api/auth/verify-email': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [
          {
            field: 'token',
            messages: ['This confirmation link is invalid or has expired. Ask for a new one.'],
          },
        ],
      }),
    });
    renderApp('/verify-email?token=used');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid or has expired.',
    );
  });

  it('tells an unconfirmed user what waits for the link, and sends it again', async () => {
    const requests = mockFetch({
      ...config,
      'GET /api/me': reply(200, buildUser({ email_verified: false })),
      'POST /api/me/email/verification': reply(202, { email: 'ada@example.org' }),
    });
    const { user } = renderApp('/');

    expect(await screen.findByText(/you can prepare drafts, but you cannot publish/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way to ada@example.org.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says nothing to a confirmed user', async () => {
    mockFetch({ ...config, 'GET /api/me': reply(200, buildUser({ email_verified: true })) });
    renderApp('/');
    await screen.findByRole('banner');
    expect(screen.queryByText(/you can prepare drafts/)).toBeNull();
  });
});
