import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const admin = buildUser({ id: '1', is_admin: true });
const community = (id: string, title: string, extra: Partial<CommunityJson> = {}) =>
  ({
    id,
    slug: id,
    metadata: { title },
    access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'open' },
    theme: { enabled: false },
    links: {},
    deletion_status: { is_deleted: false, status: 'P' },
    ui: {
      role: null,
      records_count: 4,
      members_count: 2,
      permissions: { can_update: true, can_delete: true, can_restore: false },
    },
    ...extra,
  }) as CommunityJson;
const soil = community('soil', 'Soil lab');
const lakes = community('lakes', 'Lake group', {
  access: { visibility: 'restricted' },
  ui: { records_count: 0, members_count: 1, permissions: { can_update: true, can_delete: true } },
});
const gone = community('gone', 'Spam corner', {
  deletion_status: { is_deleted: true, status: 'D' },
  ui: { records_count: 0, members_count: 1, permissions: { can_restore: true } },
});
const reasons = {
  hits: { hits: [{ id: 'spam', title_l10n: 'Spam' }], total: 1 },
};

function api(extra: Record<string, ReturnType<typeof reply> | (() => unknown)> = {}) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, admin),
    'GET /api/admin/communities': reply(200, { hits: { hits: [soil, lakes, gone], total: 3 } }),
    'GET /api/vocabularies/removalreasons': reply(200, reasons),
    ...extra,
  } as Parameters<typeof mockFetch>[0];
}
const sent = (requests: RecordedRequest[], method: string) =>
  requests.filter((request) => request.method === method);

describe('the administration of communities', () => {
  it('lists every community with its status, counts and the actions the server allows', async () => {
    const requests = mockFetch(api());
    renderApp('/admin/communities');
    const table = await screen.findByRole('table', { name: 'Communities' });
    const soilRow = within(table).getByRole('row', { name: /Soil lab/ });
    expect(within(soilRow).getByText('Active')).toBeInTheDocument();
    expect(within(soilRow).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(soilRow).getByRole('button', { name: 'Restrict: Soil lab' })).toBeInTheDocument();
    const lakesRow = within(table).getByRole('row', { name: /Lake group/ });
    expect(within(lakesRow).getByText('Restricted')).toBeInTheDocument();
    expect(
      within(lakesRow).getByRole('button', { name: 'Make public: Lake group' }),
    ).toBeInTheDocument();
    const goneRow = within(table).getByRole('row', { name: /Spam corner/ });
    expect(within(goneRow).getByText('Deleted')).toBeInTheDocument();
    expect(within(goneRow).queryByRole('button', { name: /Delete community/ })).toBeNull();
    expect(within(goneRow).getByRole('button', { name: 'Restore: Spam corner' })).toBeVisible();
    expect(requests.find((r) => r.path.startsWith('/api/admin/communities'))?.path).toBe(
      '/api/admin/communities?size=20&page=1',
    );
  });

  it('filters by status and visibility, from the first page', async () => {
    const requests = mockFetch(api());
    const { user } = renderApp('/admin/communities');
    await screen.findByRole('table', { name: 'Communities' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Deleted' }));
    await user.click(screen.getByRole('combobox', { name: 'Visibility' }));
    await user.click(await screen.findByRole('option', { name: 'Restricted' }));
    await expect
      .poll(() => requests.filter((r) => r.path.startsWith('/api/admin/communities')).at(-1)?.path)
      .toBe('/api/admin/communities?size=20&page=1&status=deleted&visibility=restricted');
  });

  it('restricts, restores and deletes with a reason', async () => {
    const requests = mockFetch(
      api({
        'PUT /api/communities/soil': reply(200, soil),
        'POST /api/communities/gone/restore': reply(200, gone),
        'DELETE /api/communities/lakes': reply(204),
      }),
    );
    const { user } = renderApp('/admin/communities');
    const table = await screen.findByRole('table', { name: 'Communities' });
    await user.click(within(table).getByRole('button', { name: 'Restrict: Soil lab' }));
    await expect
      .poll(() => sent(requests, 'PUT')[0]?.body)
      .toMatchObject({
        slug: 'soil',
        metadata: { title: 'Soil lab' },
        access: { visibility: 'restricted', review_policy: 'open' },
      });
    await user.click(within(table).getByRole('button', { name: 'Restore: Spam corner' }));
    await expect
      .poll(() => sent(requests, 'POST').map((r) => r.path))
      .toEqual(['/api/communities/gone/restore']);

    await user.click(within(table).getByRole('button', { name: 'Delete community: Lake group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete community' });
    expect(dialog).toHaveTextContent('Its records stay published.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete community' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getAllByLabelText(/Reason/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Spam' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Advertising.');
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Show a page that says the community was deleted',
      }),
    );
    await user.click(confirm);
    await expect
      .poll(() => sent(requests, 'DELETE')[0]?.body)
      .toEqual({
        removal_reason: { id: 'spam' },
        note: 'Advertising.',
        is_visible: false,
      });
  });

  it('says so when nothing matches', async () => {
    mockFetch(api({ 'GET /api/admin/communities': reply(200, { hits: { hits: [], total: 0 } }) }));
    renderApp('/admin/communities');
    expect(await screen.findByText('No communities match these filters.')).toBeInTheDocument();
  });
});
