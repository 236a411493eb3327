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
