import type { RecordJson } from '@arca/schema';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Grant, SecretLink } from '../api/sharing.ts';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord } from '../test/records.ts';
import { ShareButton } from './ShareButton.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const api = '/api/records/abcde-12345';

function sharedRecord(overrides: Partial<RecordJson> = {}): RecordJson {
  const base = buildRecord();
  return buildRecord({
    links: {
      ...base.links,
      access_links: `http://localhost:5000${api}/access/links`,
      access_grants: `http://localhost:5000${api}/access/grants`,
      access_users: `http://localhost:5000${api}/access/users`,
      access_groups: `http://localhost:5000${api}/access/groups`,
      access: `http://localhost:5000${api}/access`,
      preview_html: 'http://localhost:5000/records/abcde-12345?preview=1',
    },
    parent: {
      id: 'parnt-00001',
      access: {
        owned_by: { user: '1' },
        settings: {
          allow_user_requests: false,
          allow_guest_requests: false,
          accept_conditions_text: null,
          secret_link_expiration: 0,
        },
      },
      communities: {},
      pids: {},
    },
    expanded: { parent: { access: { owned_by: buildUser() } } },
    ui: { permissions: { can_manage: true } },
    ...overrides,
  });
}

const bobGrant: Grant = {
  id: 'g1',
  subject: { type: 'user', id: '2' },
  permission: 'view',
  expanded: {
    subject: {
      id: '2',
      name: 'Bob Baker',
      profile: { full_name: 'Bob Baker', affiliations: 'CERN' },
      is_current_user: false,
      links: { self: '', avatar: '' },
    },
  },
};

const link: SecretLink = {
  id: 'l1',
  created_at: '2026-01-10T09:00:00+00:00',
  expires_at: null,
  permission: 'preview',
  description: 'For reviewers',
  token: 'tok123',
};

const hits = <T,>(items: T[]) => ({ hits: { hits: items, total: items.length } });

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return {
    'GET /api/config': reply(200, siteConfig),
    [`GET ${api}/access/users`]: reply(200, hits([bobGrant])),
    [`GET ${api}/access/groups`]: reply(200, hits([])),
    // An entry without an id is listed by nobody and counted by nobody (SPEC §2).
    [`GET ${api}/access/links`]: reply(200, hits([link, { ...link, id: undefined }])),
    ...extra,
  };
}

async function openDialog(record = sharedRecord(), extra: Parameters<typeof mockFetch>[0] = {}) {
  const requests = mockFetch(routes(extra));
  const { user } = renderWithProviders(<ShareButton record={record} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share access' });
  return { user, dialog, requests };
}

const bodiesOf = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method).map((request) => request.body);

describe('the Share button', () => {
  it('is disabled with its tooltip for users who may not manage the record', async () => {
    mockFetch(routes());
    const { user } = renderWithProviders(
      <ShareButton record={sharedRecord({ ui: { permissions: { can_manage: false } } })} />,
    );
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(
      await screen.findByText("You don't have permissions to share this record."),
    ).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the share dialog', () => {
  it('counts the owner among people and only links with an id', async () => {
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole('tab', { name: 'People (2)' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('tab', { name: 'Links (1)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Groups (0)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Settings' })).toBeInTheDocument();
  });

  it('has no Groups tab when groups are disabled', async () => {
    const { dialog } = await openDialog(sharedRecord(), {
      'GET /api/config': reply(200, { ...siteConfig, groups_enabled: false }),
    });
    await within(dialog).findByRole('tab', { name: 'People (2)' });
    expect(within(dialog).queryByRole('tab', { name: /Groups/ })).not.toBeInTheDocument();
  });

  it('labels the owner, badges the current user and offers delete to managers', async () => {
    const { dialog } = await openDialog();
    const owner = await within(dialog).findByTestId('owner-row');
    expect(within(owner).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(owner).getByText('Owner')).toBeInTheDocument();
    expect(within(owner).getByText('You')).toBeInTheDocument();
    const bob = await within(dialog).findByTestId('grant-row');
    expect(within(bob).getByText('CERN')).toBeInTheDocument();
    expect(within(bob).queryByText('You')).not.toBeInTheDocument();
    expect(
      within(bob).getByRole('button', { name: 'Remove access of Bob Baker' }),
    ).toBeInTheDocument();
  });

  it('shows the empty texts of people, groups and links', async () => {
    const { dialog, user } = await openDialog(sharedRecord(), {
      [`GET ${api}/access/users`]: reply(200, hits([])),
      [`GET ${api}/access/links`]: reply(200, hits([])),
    });
    expect(
      await within(dialog).findByText('No user has access to this record yet.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Groups (0)' }));
    expect(
      await within(dialog).findByText('No group has access to this record yet.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Links (0)' }));
    expect(
      await within(dialog).findByText('This record has no links generated yet.'),
    ).toBeInTheDocument();
  });

  it('changes a permission with a spinner shown at least 400 ms', async () => {
    const { dialog, user, requests } = await openDialog(sharedRecord(), {
      [`PATCH ${api}/access/users/2`]: reply(200, { ...bobGrant, permission: 'edit' }),
    });
    const select = await within(dialog).findByRole('combobox', {
      name: 'Permission of Bob Baker',
    });
    const started = Date.now();
    await user.selectOptions(select, 'edit');
    expect(await within(dialog).findByRole('status', { name: 'Updating' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('status', { name: 'Updating' })).not.toBeInTheDocument(),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(bodiesOf(requests, 'PATCH')).toEqual([{ permission: 'edit' }]);
  });

  it('shows a failed list in a box headed "Something went wrong" with the server message', async () => {
    const { dialog } = await openDialog(sharedRecord(), {
      [`GET ${api}/access/users`]: reply(500, { status: 500, message: 'The database is away.' }),
    });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByText('The database is away.')).toBeInTheDocument();
  });

  it('adds people: search, permission, notify on by default, a message', async () => {
    const carol = buildUser({
      id: '3',
      username: 'carol',
      profile: { full_name: 'Carol Curie', affiliations: 'EPFL' },
      is_current_user: false,
    });
    const { dialog, user, requests } = await openDialog(sharedRecord(), {
      'GET /api/users': reply(200, hits([carol, buildUser()])),
      [`POST ${api}/access/grants`]: reply(201, hits([])),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Add people' }));
    const add = await screen.findByRole('dialog', { name: 'Add people' });
    await user.type(within(add).getByLabelText('Search people by name'), 'car');
    await user.click(await within(add).findByRole('checkbox', { name: /Carol Curie/ }));
    // The owner is never offered.
    expect(within(add).queryByRole('checkbox', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(within(add).getByRole('switch', { name: 'Notify by e-mail' })).toBeChecked();
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Permission' }), 'edit');
    await user.type(within(add).getByLabelText('Message (optional)'), 'Please check');
    await user.click(within(add).getByRole('button', { name: 'Give access' }));
    await waitFor(() =>
      expect(bodiesOf(requests, 'POST')).toEqual([
        {
          grants: [
            {
              subject: { type: 'user', id: '3' },
              permission: 'edit',
              notify: true,
              message: 'Please check',
            },
          ],
        },
      ]),
    );
    expect(requests.some((request) => request.path === '/api/users?suggest=car')).toBe(true);
  });

  it('adds groups with the same notify toggle (on by default) and message as people', async () => {
    const { dialog, user, requests } = await openDialog(sharedRecord(), {
      'GET /api/groups': reply(
        200,
        hits([{ id: 'lab', name: 'lab', title: 'Lab members', description: 'Our lab' }]),
      ),
      [`POST ${api}/access/grants`]: reply(201, hits([])),
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Groups (0)' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Add groups' }));
    const add = await screen.findByRole('dialog', { name: 'Add groups' });
    await user.type(within(add).getByLabelText('Search groups by name'), 'lab');
    await user.click(await within(add).findByRole('checkbox', { name: /Lab members/ }));
    expect(within(add).getByRole('switch', { name: 'Notify by e-mail' })).toBeChecked();
    await user.type(within(add).getByLabelText('Message (optional)'), 'For the lab');
    await user.click(within(add).getByRole('button', { name: 'Give access' }));
    await waitFor(() =>
      expect(bodiesOf(requests, 'POST')).toEqual([
        {
          grants: [
            {
              subject: { type: 'role', id: 'lab' },
              permission: 'view',
              notify: true,
              message: 'For the lab',
            },
          ],
        },
      ]),
    );
  });
});

describe('the Links tab', () => {
  it('does not offer view on a draft and creates a link with its expiry and description', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T12:00:00Z') });
    const draft = sharedRecord({ is_draft: true, is_published: false, status: 'draft' });
    const { dialog, user, requests } = await openDialog(draft, {
      [`POST ${api}/access/links`]: reply(201, { ...link, id: 'l2' }),
    });
    await user.click(await within(dialog).findByRole('tab', { name: 'Links (1)' }));
    const permission = within(dialog).getAllByRole('combobox', { name: 'Permission' })[0];
    if (!permission) throw new Error('no permission select');
    expect(within(permission).getByRole('option', { name: /^Can view/ })).toBeDisabled();
    expect(permission).toHaveValue('preview');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires in' }), '30');
    await user.type(within(dialog).getByLabelText('Description'), 'For the referee');
    await user.click(within(dialog).getByRole('button', { name: 'Get a link' }));
    await waitFor(() =>
      expect(bodiesOf(requests, 'POST')).toEqual([
        { permission: 'preview', expires_at: '2026-05-31', description: 'For the referee' },
      ]),
    );
    vi.useRealTimers();
  });

  it('lists field errors capitalised, underscores as spaces, each once', async () => {
    const { dialog, user } = await openDialog(sharedRecord(), {
      [`POST ${api}/access/links`]: reply(400, {
        status: 400,
        message: 'A validation error occurred.',
        errors: [
          { field: 'expires_at', messages: ['Expiration date must be set to the future'] },
          { field: 'expires_at', messages: ['Expiration date must be set to the future'] },
        ],
      }),
    });
    await user.click(await within(dialog).findByRole('tab', { name: 'Links (1)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Get a link' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(
      within(alert).getAllByText('Expires at: Expiration date must be set to the future'),
    ).toHaveLength(1);
  });

  it('copies the preview URL and shows "Copied!" for 1500 ms', async () => {
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('tab', { name: 'Links (1)' }));
    const row = await within(dialog).findByTestId('link-row');
    await user.click(within(row).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      'http://localhost:5000/records/abcde-12345?preview=1&token=tok123',
    );
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Copied!')).not.toBeInTheDocument());
  });
});

describe('the Settings tab', () => {
  it('sends exactly the four settings and shows its own error box', async () => {
    const { dialog, user, requests } = await openDialog(sharedRecord(), {
      [`PUT ${api}/access`]: reply(400, { status: 400, message: 'Not a valid choice.' }),
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    await user.click(within(dialog).getByRole('switch', { name: /signed-in users/ }));
    await user.type(within(dialog).getByLabelText('Conditions'), 'Researchers only');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Secret link expiration for guests' }),
      '60',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert).getByText('Unable to change the access request settings.'),
    ).toBeInTheDocument();
    expect(within(alert).getByText('Not a valid choice.')).toBeInTheDocument();
    expect(bodiesOf(requests, 'PUT')).toEqual([
      {
        allow_user_requests: true,
        allow_guest_requests: false,
        accept_conditions_text: 'Researchers only',
        secret_link_expiration: 60,
      },
    ]);
  });
});
