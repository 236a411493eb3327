import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const admin = buildUser({
  id: '1',
  is_admin: true,
  profile: { full_name: 'Ada Admin', affiliations: '' },
});
const bob = buildUser({
  id: '7',
  email: 'bob@example.org',
  profile: { full_name: 'Bob Baker', affiliations: '' },
  is_admin: false,
  active: true,
  email_verified: false,
  is_current_user: false,
});
const hits = <T,>(items: T[]) => ({ hits: { hits: items, total: items.length } });

describe('the admin area', () => {
  it('shows the counts on the dashboard and links the sections', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/stats': reply(200, {
        users: 12,
        records: 345,
        files: 6789,
        storage_bytes: 2_500_000,
        open_requests: 3,
        failed_jobs: 1,
        queued_jobs: 4,
      }),
    });
    renderApp('/admin');
    const counts = await screen.findByText('Published records');
    expect(counts.nextSibling).toHaveTextContent('345');
    expect(screen.getByText('Failed jobs').nextSibling).toHaveTextContent('1');
    const nav = screen.getByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
  });

  it('blocks a user and confirms their address from the users table', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/users': reply(200, hits([bob])),
      'PATCH /api/admin/users/7': (request) => reply(200, { ...bob, ...(request.body as object) }),
    });
    const { user } = renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByRole('row', { name: /Bob Baker/ });
    expect(within(row).getByText('Address not confirmed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Block: Bob Baker' }));
    await user.click(within(row).getByRole('button', { name: 'Confirm address' }));
    await expect
      .poll(() => requests.filter((r) => r.method === 'PATCH').map((r) => r.body))
      .toEqual([{ active: false }, { email_verified: true }]);
  });

  it('lists records of every status, with restore for a deleted one', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/records': reply(
        200,
        hits([
          {
            id: 'a',
            title: 'Soil',
            status: 'deleted',
            access: 'public',
            owner: '2',
            updated: '2026-01-01T00:00:00Z',
          },
          {
            id: 'b',
            title: 'Rain',
            status: 'draft',
            access: 'restricted',
            owner: '2',
            updated: '2026-01-02T00:00:00Z',
          },
        ]),
      ),
    });
    renderApp('/admin/records');
    const table = await screen.findByRole('table', { name: 'Records' });
    const soil = within(table).getByRole('row', { name: /Soil/ });
    expect(within(soil).getByText('Deleted')).toBeInTheDocument();
    expect(within(soil).getByRole('button', { name: 'Restore: Soil' })).toBeInTheDocument();
    const rain = within(table).getByRole('row', { name: /Rain/ });
    expect(within(rain).getByText('Restricted')).toBeInTheDocument();
    expect(within(rain).getByRole('link', { name: 'Rain' })).toHaveAttribute('href', '/uploads/b');
  });

  it('shows a non-admin the not-found page and no admin link', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, buildUser({ is_admin: false })),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull();
  });
});
