import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const loggedIn = {
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser({ email: 'ada@example.org' })),
  'GET /api/affiliations?suggest=University+of+London&size=10': reply(200, {
    hits: { hits: [], total: 0 },
  }),
};

async function ask(answer: ReturnType<typeof reply>) {
  const requests = mockFetch({ ...loggedIn, 'POST /api/me/email': answer });
  const { user } = renderApp('/me/settings');
  const form = within(await screen.findByRole('form', { name: 'Email address' }));
  expect(form.getByText('Your current address: ada@example.org')).toBeInTheDocument();
  await user.type(form.getByLabelText('New address'), 'ada@new.example');
  await user.type(form.getByLabelText('Current password'), 'my password');
  await user.click(form.getByRole('button', { name: 'Send a confirmation link' }));
  return { form, requests };
}

describe('ChangeEmailForm', () => {
  it('asks for a link to the new address and says where it went', async () => {
    const { form, requests } = await ask(reply(202, { email: 'ada@new.example' }));
    expect(
      await form.findByText(
        'We sent a link to ada@new.example. Your address changes when you follow it.',
      ),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'ada@new.example',
      current_password: 'my password',
    });
  });

  it('shows a taken address on its field', async () => {
    const message = 'An account with this email address already exists.';
    const { form } = await ask(
      reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [{ field: 'email', messages: [message] }],
      }),
    );
    expect(await form.findByLabelText('New address')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });
});
