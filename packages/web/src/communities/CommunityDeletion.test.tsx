import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const lab: CommunityJson = {
  id: 'id-lab',
  slug: 'lab',
  revision_id: 1,
  metadata: { title: 'Soil lab' },
  access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'open' },
  theme: { enabled: false },
  links: {},
  ui: {
    role: 'owner',
    has_logo: false,
    permissions: { can_update: true, can_delete: true, can_read_members: true },
  },
};
const tombstone = {
  removal_reason: { id: 'spam' },
  note: 'Advertising only.',
  removed_by: { user: '3' },
  removal_date: '2026-11-20T10:00:00+00:00',
  is_visible: true,
};
const gone = reply(410, { status: 410, message: 'Community deleted', tombstone });
const reasons = reply(200, {
  hits: { hits: [{ id: 'spam', title_l10n: 'Spam' }], total: 1 },
});

describe('deleting a community', () => {
  it('lets its owner delete it from the settings; its page then shows the tombstone', async () => {
    let deleted = false;
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'GET /api/communities/lab': () => (deleted ? gone : reply(200, lab)),
      'GET /api/vocabularies/removalreasons': reasons,
      'DELETE /api/communities/id-lab': () => {
        deleted = true;
        return reply(204);
      },
    });
    const { user } = renderApp('/communities/lab/settings');
    const section = await screen.findByRole('region', { name: 'Delete this community' });
    await user.click(within(section).getByRole('button', { name: 'Delete community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete community' });
    // Owners' tombstones always show: no choice of visibility for them.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getAllByLabelText(/Reason/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete community' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deleted community' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/This community was deleted on/)).toBeInTheDocument();
    expect(screen.getByText('Advertising only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore community' })).toBeNull();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      removal_reason: { id: 'spam' },
      note: '',
    });
  });

  it('offers no deletion to a manager', async () => {
    const managed = {
      ...lab,
      ui: { ...lab.ui, role: 'manager', permissions: { can_update: true, can_delete: false } },
    };
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser()),
      'GET /api/communities/lab': reply(200, managed),
    });
    renderApp('/communities/lab/settings');
    await screen.findByRole('region', { name: 'Privileges' });
    expect(screen.queryByRole('region', { name: 'Delete this community' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete community' })).toBeNull();
  });

  it('shows a visitor the tombstone, without a restore button', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': anonymous,
      'GET /api/communities/lab': gone,
      'GET /api/vocabularies/removalreasons': reasons,
    });
    renderApp('/communities/lab/about');
    expect(await screen.findByRole('heading', { name: 'Deleted community' })).toBeInTheDocument();
    expect(await screen.findByText('Spam')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore community' })).toBeNull();
  });

  it('lets an administrator restore it from its page', async () => {
    let restored = false;
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser({ is_admin: true })),
      'GET /api/communities/lab': () => (restored ? reply(200, lab) : gone),
      'GET /api/vocabularies/removalreasons': reasons,
      'POST /api/communities/lab/restore': () => {
        restored = true;
        return reply(200, lab);
      },
      'GET /api/records': reply(200, { hits: { hits: [], total: 0 } }),
      'GET /api/vocabularies/resourcetypes': reply(200, { hits: { hits: [], total: 0 } }),
    });
    const { user } = renderApp('/communities/lab');
    await user.click(await screen.findByRole('button', { name: 'Restore community' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Soil lab' })).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/communities/lab/restore',
    ]);
  });
});
