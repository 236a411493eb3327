import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const site = { 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous };

describe('password reset pages', () => {
  it('leads from the login page to a request that answers alike for every address', async () => {
    const requests = mockFetch({
      ...site,
      'POST /api/auth/password/forgot': reply(202, { email: 'ada@example.org' }),
    });
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If ada@example.org belongs to an account',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'ada@example.org',
    });
  });

  it("sends the link's token with the new password, then offers to log in", async () => {
    const requests = mockFetch({ ...site, 'POST /api/auth/password/reset': reply(204) });
    const { user } = renderApp('/reset-password?token=abc.def');

    await user.type(await screen.findByLabelText(/New password/), 'a brand new password');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      token: 'abc.def',
      password: 'a brand new password',
      revoke_tokens: true,
    });
  });

  it("shows the server's word on a used or expired link", async () => {
    mockFetch({
      ...site,
      'POST /api/auth/password/reset': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [
          {
            field: 'token',
            messages: ['This link is invalid, has expired or was already used. Ask for a new one.'],
          },
        ],
      }),
    });
    const { user } = renderApp('/reset-password?token=used');

    await user.type(await screen.findByLabelText(/New password/), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(
      await screen.findByText(
        'This link is invalid, has expired or was already used. Ask for a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
