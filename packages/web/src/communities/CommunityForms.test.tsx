import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const lab: CommunityJson = {
  id: 'id-lab',
  slug: 'lab',
  revision_id: 1,
  metadata: { title: 'Soil lab', description: '<p>About <b>soil</b>.</p>' },
  access: {
    visibility: 'public',
    members_visibility: 'restricted',
    member_policy: 'closed',
    record_submission_policy: 'open',
    review_policy: 'open',
  },
  theme: { enabled: false },
  links: { self_html: 'http://localhost/communities/lab' },
  ui: {
    role: 'manager',
    has_logo: false,
    records_count: 3,
    permissions: { can_update: true, can_manage_members: true, can_read_members: true },
  },
};

const base = (canCreate: boolean) => ({
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/communities': reply(200, {
    hits: { hits: [lab], total: 1 },
    ui: { permissions: { can_create: canCreate } },
  }),
  'GET /api/user/communities': reply(200, { hits: { hits: [], total: 0 } }),
  'GET /api/communities/lab': reply(200, lab),
});

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path.startsWith(path));

describe('the communities list', () => {
  it('shows logos, summaries and record counts, keeps to mine, and offers creation to creators', async () => {
    const requests = mockFetch(base(true));
    renderApp('/communities');
    const list = await screen.findByRole('list', { name: 'Communities' });
    expect(within(list).getByRole('link', { name: 'Soil lab' })).toHaveAttribute(
      'href',
      '/communities/lab',
    );
    // The description's text, without its markup.
    expect(within(list).getByText('About soil.')).toBeInTheDocument();
    expect(within(list).getByText('3 records')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New community' })).toHaveAttribute(
      'href',
      '/communities/new',
    );
    await userEvent.click(screen.getByText('My communities'));
    await screen.findByText('No communities found.');
    expect(sent(requests, 'GET', '/api/user/communities')).toHaveLength(1);
  });

  it('offers no creation when the server says no', async () => {
    mockFetch(base(false));
    renderApp('/communities');
    await screen.findByRole('list', { name: 'Communities' });
    expect(screen.queryByRole('link', { name: 'New community' })).not.toBeInTheDocument();
  });
});

describe('the creation form', () => {
  it('derives the identifier from the title and shows the field the server refused', async () => {
    const requests = mockFetch({
      ...base(true),
      'POST /api/communities': reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [{ field: 'slug', messages: ['A community with this identifier already exists.'] }],
      }),
    });
    renderApp('/communities/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Alpine Ñu Lab');
    expect(screen.getByRole('textbox', { name: 'Identifier' })).toHaveValue('alpine-nu-lab');
    await userEvent.click(screen.getByRole('radio', { name: /^Restricted/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    expect(
      await screen.findAllByText('A community with this identifier already exists.'),
    ).not.toHaveLength(0);
    expect(sent(requests, 'POST', '/api/communities')[0]?.body).toMatchObject({
      slug: 'alpine-nu-lab',
      metadata: { title: 'Alpine Ñu Lab', website: '', organizations: [] },
      access: { visibility: 'restricted' },
    });
  });

  it('tells those who may not create so', async () => {
    mockFetch(base(false));
    renderApp('/communities/new');
    await screen.findByText('Only administrators may create communities on this site.');
    expect(screen.queryByRole('button', { name: 'Create community' })).not.toBeInTheDocument();
  });
});

describe('the settings', () => {
  it('saves the privileges and keeps everything else', async () => {
    const requests = mockFetch({
      ...base(true),
      'PUT /api/communities/id-lab': (request) =>
        reply(200, { ...lab, ...(request.body as object), revision_id: 2 }),
    });
    renderApp('/communities/lab/settings');
    const privileges = await screen.findByRole('region', { name: 'Privileges' });
    await userEvent.click(
      within(privileges).getByRole('radio', { name: /^Public: anyone who can see/ }),
    );
    await userEvent.click(within(privileges).getByRole('button', { name: 'Save' }));
    await within(privileges).findByText('Saved.');
    expect(sent(requests, 'PUT', '/api/communities/id-lab')[0]?.body).toEqual({
      slug: 'lab',
      metadata: lab.metadata,
      access: { ...lab.access, members_visibility: 'public' },
      theme: { enabled: false },
    });
  });
});

describe('the members page', () => {
  it('invites people with a role and a message; a manager cannot make owners', async () => {
    const carol = buildUser({ id: '7', profile: { full_name: 'Carol Curator', affiliations: '' } });
    const requests = mockFetch({
      ...base(true),
      'GET /api/communities/id-lab/members': reply(200, {
        hits: {
          hits: [{ id: '1', role: 'manager', visible: true, user: buildUser(), created: '' }],
          total: 1,
        },
      }),
      'GET /api/communities/id-lab/invitations': reply(200, { hits: { hits: [], total: 0 } }),
      'GET /api/communities/id-lab/email-invitations': reply(200, { hits: { hits: [], total: 0 } }),
      'GET /api/users': reply(200, { hits: { hits: [carol], total: 1 } }),
      'POST /api/communities/id-lab/invitations': reply(201, { hits: { hits: [], total: 1 } }),
    });
    renderApp('/communities/lab/members');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Search people by name or e-mail' }),
      'car',
    );
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Carol Curator' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(screen.queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Curator' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Message (optional)' }),
      'Welcome!',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/communities/id-lab/invitations')[0]?.body).toEqual({
        members: [{ type: 'user', id: '7' }],
        role: 'curator',
        message: 'Welcome!',
      }),
    );
  });
});
