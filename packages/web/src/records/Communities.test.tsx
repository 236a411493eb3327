import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

configure({ asyncUtilTimeout: 5000 });

const community = (id: string, slug: string, title: string, extra: object = {}) => ({
  id,
  slug,
  metadata: { title },
  access: { visibility: 'public' },
  links: { self_html: `/communities/${slug}` },
  ui: { permissions: { can_submit_record: true }, has_logo: false },
  ...extra,
});

const glaciology = community('c1', 'glaciology', 'Glaciology');
const oceans = community('c2', 'oceans', 'Ocean Sciences');
const hydrology = community('c3', 'hydrology', 'Hydrology');

function recordWith(permissions: Record<string, boolean>) {
  return buildRecord({
    parent: {
      id: 'parnt-00001',
      access: { owned_by: { user: '1' } },
      communities: { ids: ['c1'], default: 'c1', entries: [glaciology] },
      pids: {},
    },
    ui: { permissions },
  });
}

const pendingRequest = {
  id: 'req-1',
  type: 'community-inclusion',
  status: 'submitted',
  is_open: true,
  title: 'Soil moisture',
  receiver: { community: 'c2' },
  topic: { record: 'abcde-12345' },
  created_by: { user: '1' },
  links: { actions: {} },
};

function api(record: ReturnType<typeof buildRecord>, signedIn: boolean) {
  const id = record.id;
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': signedIn ? reply(200, buildUser()) : anonymous,
    [`GET /api/records/${id}`]: reply(200, record),
    [`GET /api/records/${id}/versions`]: reply(200, hitsOf([record])),
    'GET /api/requests': reply(200, { hits: { hits: [pendingRequest], total: 1 } }),
    'GET /api/communities/c2': reply(200, oceans),
    [`GET /api/records/${id}/communities-suggestions`]: reply(200, {
      hits: { hits: [hydrology], total: 1 },
    }),
  };
}

describe('the Communities box of the record page', () => {
  it('lets a manager submit to a community, lists the pending requests and removes', async () => {
    const record = recordWith({ can_add_community: true, can_remove_community: true });
    const requests = mockFetch({
      ...api(record, true),
      [`POST /api/records/${record.id}/communities`]: reply(200, {
        processed: [
          {
            community_id: 'c3',
            request_id: 'req-2',
            request: { ...pendingRequest, id: 'req-2', receiver: { community: 'c3' } },
          },
        ],
      }),
      [`DELETE /api/records/${record.id}/communities`]: reply(200, {}),
    });
    renderApp(`/records/${record.id}`);
    const box = await screen.findByRole('region', { name: 'Communities' });
    expect(within(box).getByRole('link', { name: 'Glaciology' })).toHaveAttribute(
      'href',
      '/communities/glaciology',
    );
    // The open request, with its community's name and a link to it.
    const pending = await within(box).findByTestId('pending-inclusions');
    expect(await within(pending).findByText('Ocean Sciences')).toBeInTheDocument();
    const item = within(pending).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'View request' })).toHaveAttribute(
      'href',
      '/me/requests/req-1',
    );
    expect(requests.some((r) => r.path.includes('topic=record%3Aabcde-12345'))).toBe(true);

    await userEvent.click(within(box).getByRole('button', { name: 'Submit to community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit to a community' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Submit to Hydrology' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        communities: [{ id: 'c3' }],
      }),
    );
    expect(
      await screen.findByText('Sent to Hydrology: its curators will review the request.'),
    ).toBeInTheDocument();

    await userEvent.click(within(box).getByRole('button', { name: 'Remove from Glaciology' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
        communities: [{ id: 'c1' }],
      }),
    );
  });

  it("shows the community's refusal in the dialog", async () => {
    const record = recordWith({ can_add_community: true });
    mockFetch({
      ...api(record, true),
      [`POST /api/records/${record.id}/communities`]: reply(400, {
        errors: [
          {
            community_id: 'c3',
            message: 'There is already an open inclusion request for this community.',
          },
        ],
      }),
    });
    renderApp(`/records/${record.id}`);
    const box = await screen.findByRole('region', { name: 'Communities' });
    // Without can_remove_community and without the community's can_remove_record: no Remove.
    expect(within(box).queryByRole('button', { name: 'Remove from Glaciology' })).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Submit to community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit to a community' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Submit to Hydrology' }),
    );
    expect(
      await within(dialog).findByText(
        'There is already an open inclusion request for this community.',
      ),
    ).toBeInTheDocument();
  });

  it('shows readers only the communities, with nothing to do', async () => {
    const record = recordWith({});
    const requests = mockFetch(api(record, false));
    renderApp(`/records/${record.id}`);
    const box = await screen.findByRole('region', { name: 'Communities' });
    expect(within(box).getByRole('link', { name: 'Glaciology' })).toBeInTheDocument();
    expect(within(box).queryByRole('button')).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/requests'))).toBe(false);
  });
});
