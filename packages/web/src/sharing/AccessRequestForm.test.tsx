import type { RecordJson } from '@arca/schema';
import { configure, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord } from '../test/records.ts';
import { AccessRequestForm } from './AccessRequestForm.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

function restricted(users: boolean, guests: boolean): RecordJson {
  const base = buildRecord();
  return buildRecord({
    links: { ...base.links, access_request: `${base.links.self}/access/request` },
    parent: {
      id: 'parnt-00001',
      access: {
        owned_by: { user: '1' },
        settings: {
          allow_user_requests: users,
          allow_guest_requests: guests,
          accept_conditions_text: '<p>Researchers only.</p>',
          secret_link_expiration: 30,
        },
      },
      communities: {},
      pids: {},
    },
  });
}

const path = '/api/records/abcde-12345/access/request';

describe('the access request form', () => {
  it('asks a signed-in user for a message only and posts it with their e-mail', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser({ id: '2', email: 'bob@example.org' })),
      [`POST ${path}`]: reply(200, { id: 'r1', links: { self_html: 'http://x/me/requests/r1' } }),
    });
    const { user } = renderWithProviders(
      <MemoryRouter>
        <AccessRequestForm record={restricted(true, false)} />
      </MemoryRouter>,
    );
    await user.type(await screen.findByLabelText('Message'), 'For my thesis');
    expect(screen.queryByLabelText(/Full name/)).not.toBeInTheDocument();
    expect(screen.getByText('Researchers only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(
      await screen.findByText('Your request has been sent to the owner of this record.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the request' })).toHaveAttribute(
      'href',
      '/me/requests/r1',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'bob@example.org',
      message: 'For my thesis',
    });
  });

  it('asks a guest for name, e-mail, message and consent, sent as a string', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      [`POST ${path}`]: reply(200, {
        message: 'Verification link sent out, please check your e-mail inbox',
      }),
    });
    const { user } = renderWithProviders(<AccessRequestForm record={restricted(false, true)} />);
    await user.type(await screen.findByLabelText(/Full name/), 'Grace Guest');
    await user.type(screen.getByLabelText(/E-mail/), 'grace@example.org');
    await user.type(screen.getByLabelText('Message'), 'Please');
    await user.click(screen.getByRole('checkbox', { name: /I consent/ }));
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    expect(
      await screen.findByText('Verification link sent out, please check your e-mail inbox'),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      full_name: 'Grace Guest',
      email: 'grace@example.org',
      message: 'Please',
      consent_to_share_personal_data: 'true',
    });
  });

  it('is not there when the owner does not allow that kind of request', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
    });
    renderWithProviders(<AccessRequestForm record={restricted(true, false)} />);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  });
});
