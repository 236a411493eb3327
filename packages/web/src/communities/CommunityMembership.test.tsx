import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const COLOUR_MESSAGE = 'A colour is "#" and six hexadecimal digits, such as #1f6feb.';

const lab: CommunityJson = {
  id: 'id-lab',
  slug: 'lab',
  revision_id: 1,
  metadata: {
    title: 'Soil lab',
    page: '<p>We dig <b>soil</b>.</p>',
    curation_policy: '<p>Data needs a licence.</p>',
  },
  access: { visibility: 'public', member_policy: 'open', record_submission_policy: 'open' },
  theme: { enabled: true, style: { primaryColor: '#6a1b9a' } },
  links: { self_html: 'http://localhost/communities/lab' },
  ui: { role: null, has_logo: false, permissions: { can_join: true, can_read_members: false } },
};

const manager: CommunityJson = {
  ...lab,
  ui: {
    role: 'manager',
    has_logo: false,
    permissions: { can_update: true, can_manage_members: true, can_read_members: true },
  },
};

const base = (community: CommunityJson) => ({
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/communities/lab': reply(200, community),
  'GET /api/records': reply(200, { hits: { hits: [], total: 0 }, aggregations: {} }),
});

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path.startsWith(path));

describe('joining and the pages', () => {
  it('offers Join to a signed-in outsider and shows the About page and curation policy', async () => {
    const requests = mockFetch({
      ...base(lab),
      'POST /api/communities/id-lab/join': reply(201, { role: 'reader' }),
    });
    renderApp('/communities/lab/about');
    await screen.findByText('Data needs a licence.');
    expect(screen.getByRole('region', { name: 'Curation policy' })).toBeInTheDocument();
    expect(screen.getByText('soil')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join community' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/id-lab/join')).toHaveLength(1),
    );
  });
});

describe('the settings', () => {
  it('saves the pages and shows the field the server refused in the theme', async () => {
    const requests = mockFetch({
      ...base(manager),
      'PUT /api/communities/id-lab': (request) => {
        const body = request.body as CommunityJson;
        return body.theme?.style?.primaryColor === 'red'
          ? reply(400, {
              status: 400,
              message: 'A validation error occurred.',
              errors: [{ field: 'theme.style.primaryColor', messages: [COLOUR_MESSAGE] }],
            })
          : reply(200, { ...manager, ...body, revision_id: 2 });
      },
    });
    renderApp('/communities/lab/settings');
    const pages = await screen.findByRole('region', { name: 'Pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Save' }));
    await within(pages).findByText('Saved.');
    expect(sent(requests, 'PUT', '/api/communities/id-lab')[0]?.body).toMatchObject({
      metadata: { page: lab.metadata.page, curation_policy: lab.metadata.curation_policy },
      theme: lab.theme,
    });

    const theme = screen.getByRole('region', { name: 'Theme' });
    const color = within(theme).getByRole('textbox', { name: 'Brand colour' });
    await userEvent.clear(color);
    await userEvent.type(color, 'red');
    await userEvent.click(within(theme).getByRole('button', { name: 'Save' }));
    await within(theme).findAllByText(COLOUR_MESSAGE);
    expect(sent(requests, 'PUT', '/api/communities/id-lab')[1]?.body).toMatchObject({
      theme: { enabled: true, style: { primaryColor: 'red' } },
    });
  });
});

describe('the members page', () => {
  it('invites addresses by e-mail and lists the open ones', async () => {
    const requests = mockFetch({
      ...base(manager),
      'GET /api/communities/id-lab/members': reply(200, {
        hits: {
          hits: [{ id: '1', role: 'manager', visible: true, user: buildUser(), created: '' }],
          total: 1,
        },
      }),
      'GET /api/communities/id-lab/invitations': reply(200, { hits: { hits: [], total: 0 } }),
      'GET /api/communities/id-lab/email-invitations': reply(200, {
        hits: {
          hits: [
            { id: 'e1', email: 'old@example.org', role: 'reader', created: '', expires_at: '' },
          ],
          total: 1,
        },
      }),
      'POST /api/communities/id-lab/email-invitations': reply(201, {
        hits: { hits: [], total: 1 },
      }),
      'DELETE /api/communities/id-lab/email-invitations/e1': reply(204),
    });
    renderApp('/communities/lab/members');
    const row = await screen.findByTestId('email-invitation-row');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Withdraw the invitation to old@example.org' }),
    );
    await waitFor(() =>
      expect(sent(requests, 'DELETE', '/api/communities/id-lab/email-invitations/e1')).toHaveLength(
        1,
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
    await userEvent.type(
      within(dialog).getAllByLabelText('Invite by e-mail address')[0]!,
      'new@example.org,',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/id-lab/email-invitations')[0]?.body).toEqual({
        emails: ['new@example.org'],
        role: 'reader',
      }),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

describe('the page of a mailed invitation link', () => {
  it('claims the link once and says so when it no longer works', async () => {
    const message = 'This invitation link is invalid, was already used or has expired.';
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'POST /api/community-invitations/claim': reply(400, { status: 400, message }),
    });
    renderApp('/me/community-invitation?token=abc.def');
    await screen.findByText(message);
    expect(screen.getByRole('link', { name: 'Go to my requests' })).toHaveAttribute(
      'href',
      '/me/requests',
    );
    const claims = sent(requests, 'POST', '/api/community-invitations/claim');
    expect(claims.map((claim) => claim.body)).toEqual([{ token: 'abc.def' }]);
  });
});
