import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const admin = buildUser({ id: '1', is_admin: true });
const entry = {
  id: '5',
  at: '2026-03-01T10:00:00.000Z',
  actor: { id: 1, name: 'Ada Admin' },
  address: '192.0.2.7',
  action: 'admin.user.block',
  subject: { type: 'user', id: '7' },
  before: { active: true },
  after: { active: false },
};

describe('the admin audit log', () => {
  it('shows entries and searches with the filters chosen', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/audit': reply(200, { hits: { hits: [entry], total: 1 } }),
    });
    const { user } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Account blocked')).toBeInTheDocument();
    expect(within(row).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(row).getByText('192.0.2.7')).toBeInTheDocument();
    expect(within(row).getByText('active: yes → no')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'abcde-12345');
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('table', { name: 'Audit log' });
    const asked = requests.filter((request) => request.path.includes('/api/admin/audit')).at(-1)!;
    expect(asked.path).toContain('subject=abcde-12345');
    expect(asked.path).toContain('from=2026-01-01');
    expect(asked.path).not.toContain('action=');
  });

  it('filters by an actor found by name or e-mail address, sending the account id', async () => {
    const carol = buildUser({
      id: '9',
      email: 'carol@example.org',
      profile: { full_name: 'Carol Chen', affiliations: '' },
      is_current_user: false,
    });
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/audit': reply(200, { hits: { hits: [entry], total: 1 } }),
      'GET /api/admin/users': (request) =>
        reply(200, {
          hits: {
            hits: request.path.includes('q=carol%40') ? [carol] : [],
            total: request.path.includes('q=carol%40') ? 1 : 0,
          },
        }),
    });
    const { user } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    const actor = screen.getByRole('combobox', { name: 'Actor' });
    expect(actor).toHaveAccessibleDescription('The user who acted');
    await user.type(actor, 'carol@example');
    await user.click(await screen.findByRole('option', { name: 'Carol Chen <carol@example.org>' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await expect
      .poll(() => requests.filter((r) => r.path.includes('/api/admin/audit')).at(-1)!.path)
      .toContain('actor=9');
  });

  it('is linked from the admin menu', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/admin/stats': reply(200, {}),
    });
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });
});
