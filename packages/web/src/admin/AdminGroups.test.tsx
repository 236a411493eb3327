import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const admin = buildUser({
  id: '1',
  is_admin: true,
  profile: { full_name: 'Ada Admin', affiliations: '' },
});
const carol = buildUser({
  id: '9',
  email: 'carol@example.org',
  profile: { full_name: 'Carol Chen', affiliations: '' },
  is_admin: false,
  is_current_user: false,
});
const hits = <T,>(items: T[]) => ({ hits: { hits: items, total: items.length } });
const lab = { id: 'lab', title: 'Soil lab', members_count: 0 };

describe('the groups page', () => {
  it('renames a group and deletes another, each confirmed in a dialog', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/groups': reply(200, hits([lab, { id: 'old', title: 'Old team' }])),
      'PATCH /api/admin/groups/lab': (request) =>
        reply(200, { ...lab, ...(request.body as object) }),
      'DELETE /api/admin/groups/old': reply(204),
    });
    const { user } = renderApp('/admin/groups');
    await user.click(await screen.findByRole('button', { name: 'Rename Soil lab' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename' });
    const title = within(rename).getByRole('textbox', { name: /Group title/ });
    expect(title).toHaveValue('Soil lab');
    await user.clear(title);
    await user.type(title, 'Soil physics lab');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));

    await user.click(screen.getByRole('button', { name: 'Delete Old team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    expect(confirm).toHaveTextContent('Delete the group Old team?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect
      .poll(() =>
        requests
          .filter((r) => r.method === 'PATCH' || r.method === 'DELETE')
          .map((r) => [r.method, r.path, r.body]),
      )
      .toEqual([
        ['PATCH', '/api/admin/groups/lab', { title: 'Soil physics lab' }],
        ['DELETE', '/api/admin/groups/old', undefined],
      ]);
  });

  it('adds a member found by name, not by account number', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      'GET /api/me': reply(200, admin),
      'GET /api/groups': reply(200, hits([lab])),
      'GET /api/admin/groups/lab/members': reply(200, hits([])),
      'GET /api/admin/users': (request) =>
        reply(200, hits(request.path.includes('q=carol') ? [carol] : [])),
      'PUT /api/admin/groups/lab/members/9': reply(204),
    });
    const { user } = renderApp('/admin/groups');
    await user.click(await screen.findByRole('button', { name: 'Members' }));
    const add = await screen.findByRole('button', { name: 'Add member' });
    expect(add).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Search by name or e-mail'), 'carol');
    await user.click(await screen.findByRole('option', { name: 'Carol Chen <carol@example.org>' }));
    await user.click(add);
    await expect
      .poll(() => requests.filter((r) => r.method === 'PUT').map((r) => r.path))
      .toEqual(['/api/admin/groups/lab/members/9']);
  });
});
