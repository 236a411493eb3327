import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

const site = { 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous };
const fieldError = (field: string, message: string) =>
  reply(400, {
    status: 400,
    message: 'A validation error occurred.',
    errors: [{ field, messages: [message] }],
  });

describe('finishing a sign-in whose provider shares no address', () => {
  it('asks for the address and says where the link went', async () => {
    const requests = mockFetch({
      ...site,
      'GET /api/auth/pending-sign-in': reply(200, { provider: 'ORCID', full_name: 'Ada' }),
      'POST /api/auth/pending-sign-in/email': reply(202, { email: 'ada@example.org' }),
    });
    const { user } = renderApp('/finish-sign-in');

    await screen.findByRole('heading', { name: 'Finish signing in' });
    expect(screen.getByText(/^ORCID does not share your email address\./)).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'a link to finish signing in is on its way to ada@example.org.',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'ada@example.org',
    });
  });

  it("shows the server's word on the address field", async () => {
    mockFetch({
      ...site,
      'GET /api/auth/pending-sign-in': reply(200, { provider: 'Institute', full_name: '' }),
      'POST /api/auth/pending-sign-in/email': fieldError(
        'email',
        'Addresses of this domain cannot be used with this provider.',
      ),
    });
    const { user } = renderApp('/finish-sign-in');

    await user.type(await screen.findByLabelText('Email'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('Addresses of this domain cannot be used with this provider.'),
    ).toBeVisible();
  });

  it('says when there is no sign-in to finish, and leads back to the login page', async () => {
    mockFetch({
      ...site,
      'GET /api/auth/pending-sign-in': reply(404, {
        status: 404,
        message: 'This sign-in has expired. Start again from the login page.',
      }),
    });
    renderApp('/finish-sign-in');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired or is already finished.',
    );
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
