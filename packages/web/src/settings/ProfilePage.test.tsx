import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const loggedIn = {
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/affiliations?suggest=University+of+London&size=10': reply(200, {
    hits: { hits: [], total: 0 },
  }),
};

describe('ProfilePage', () => {
  it('saves the profile and says so', async () => {
    const requests = mockFetch({
      ...loggedIn,
      'PATCH /api/me': reply(
        200,
        buildUser({ profile: { full_name: 'Ada King', affiliations: '' } }),
      ),
    });
    const { user } = renderApp('/me/settings');

    const fullName = await screen.findByLabelText('Full name');
    expect(fullName).toHaveValue('Ada Lovelace');
    await user.clear(fullName);
    await user.type(fullName, 'Ada King');
    await user.click(screen.getByRole('switch', { name: /Public profile/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      username: 'ada',
      profile: { full_name: 'Ada King', affiliations: 'University of London' },
      identities: { orcid: null },
      preferences: { visibility: 'public', email_visibility: 'restricted' },
    });
  });

  it("shows the server's field error on its field", async () => {
    mockFetch({
      ...loggedIn,
      'PATCH /api/me': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [{ field: 'username', messages: ['This username is already taken.'] }],
      }),
    });
    const { user } = renderApp('/me/settings');

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('This username is already taken.'),
    );
  });

  it('checks the ORCID iD before sending', async () => {
    const requests = mockFetch(loggedIn);
    const { user } = renderApp('/me/settings');

    await user.type(await screen.findByLabelText('ORCID iD'), '0000-0002-1825-0098');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Not a valid ORCID identifier.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  describe('change password (issue 22)', () => {
    async function changePassword(revoke: boolean) {
      const requests = mockFetch({ ...loggedIn, 'POST /api/me/password': reply(204) });
      const { user } = renderApp('/me/settings');
      const form = within(await screen.findByRole('form', { name: 'Change password' }));
      await user.type(form.getByLabelText('Current password'), 'old password');
      await user.type(form.getByLabelText('New password'), 'a brand new password');
      const box = screen.getByRole('checkbox', { name: /Also revoke my API tokens/ });
      expect(box).not.toBeChecked();
      if (revoke) await user.click(box);
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(
        await screen.findByText(
          'Your password has been changed. You have been logged out everywhere else.',
        ),
      ).toBeInTheDocument();
      return requests.find((request) => request.path === '/api/me/password')?.body;
    }

    it('revokes the API tokens when the box is ticked', async () => {
      expect(await changePassword(true)).toEqual({
        current_password: 'old password',
        password: 'a brand new password',
        revoke_tokens: true,
      });
    });

    it('keeps them when it is not', async () => {
      expect(await changePassword(false)).toMatchObject({ revoke_tokens: false });
    });

    it('shows a wrong current password on its field', async () => {
      mockFetch({
        ...loggedIn,
        'POST /api/me/password': reply(400, {
          status: 400,
          message: 'A validation error occurred.',
          errors: [{ field: 'current_password', messages: ['This is not your current password.'] }],
        }),
      });
      const { user } = renderApp('/me/settings');
      const form = within(await screen.findByRole('form', { name: 'Change password' }));
      await user.type(form.getByLabelText('Current password'), 'wrong');
      await user.type(form.getByLabelText('New password'), 'a brand new password');
      await user.click(form.getByRole('button', { name: 'Change password' }));
      expect(await form.findByLabelText('Current password')).toHaveAccessibleDescription(
        expect.stringContaining('This is not your current password.'),
      );
    });
  });
});
