import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

describe('SignupPage', () => {
  it("shows the server's error on the email field", async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'POST /api/auth/signup': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [
          { field: 'email', messages: ['An account with this email address already exists.'] },
        ],
      }),
    });
    const { user } = renderApp('/signup');

    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('Password must be at least 8 characters long.'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), ' enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(
      await screen.findByText('An account with this email address already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email address already exists.',
    );
  });

  it('says the same after any accepted sign-up, logs nobody in and leads to log-in', async () => {
    // The server answers alike for a new and a known address (issue 22).
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'POST /api/auth/signup': reply(202, { email: 'ada@example.org' }),
    });
    const { user } = renderApp('/signup?next=/uploads');

    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your inbox: we have sent a message to ada@example.org that tells you how to log in.',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    // Besides the header's, the card's link leads on to where the visitor was going.
    const hrefs = screen
      .getAllByRole('link', { name: 'Log in' })
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/login?next=%2Fuploads');
    // The confirmation mail leads back there too.
    const signup = requests.find((request) => request.path === '/api/auth/signup');
    expect(signup?.body).toMatchObject({ email: 'ada@example.org', next: '/uploads' });
  });

  it('says so when the site does not take sign-ups', async () => {
    mockFetch({
      'GET /api/config': reply(200, { ...siteConfig, signup_enabled: false }),
      'GET /api/me': anonymous,
    });
    renderApp('/signup');

    expect(await screen.findByText('Sign-up is switched off on this site.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
