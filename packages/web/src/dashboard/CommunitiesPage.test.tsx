import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const community = (
  slug: string,
  title: string,
  extra: Partial<CommunityJson> = {},
): CommunityJson => ({
  id: `id-${slug}`,
  slug,
  metadata: { title },
  access: { visibility: 'public' },
  theme: { enabled: false },
  links: { self_html: `http://localhost/communities/${slug}` },
  ui: { role: 'reader', has_logo: false },
  ...extra,
});

const lab = community('demo-lab', 'Demo Lab', { ui: { role: 'curator', has_logo: false } });
const archive = community('alpine-archive', 'Alpine Archive', {
  access: { visibility: 'restricted' },
});
const glacier = community('glacier-observatory', 'Glacier Observatory', {
  theme: { enabled: true },
  links: {
    self_html: 'http://localhost/communities/glacier-observatory',
    upload_html: 'http://localhost/communities/glacier-observatory/upload',
  },
});

const communitiesApi = (hits: CommunityJson[], total = hits.length) => ({
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/user/communities': () => reply(200, { hits: { hits, total } }),
});

const searches = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.path.startsWith('/api/user/communities'))
    .map((request) => new URL(request.path, 'http://x').searchParams);

describe('CommunitiesPage', () => {
  it('lists my communities with my role, visibility and upload form', async () => {
    mockFetch(communitiesApi([lab, archive, glacier]));
    renderApp('/me/communities');

    const list = await screen.findByRole('list', { name: 'My communities' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Demo Lab' })).toHaveAttribute(
      'href',
      '/communities/demo-lab',
    );
    expect(within(first!).getByText('Curator')).toBeInTheDocument();
    expect(within(first!).getByText('DE')).toBeInTheDocument();
    expect(within(first!).queryByText('Restricted')).not.toBeInTheDocument();
    expect(within(second!).getByText('Reader')).toBeInTheDocument();
    expect(within(second!).getByText('Restricted')).toBeInTheDocument();
    expect(within(second!).queryByRole('link', { name: 'Upload to this community' })).toBeNull();
    expect(within(third!).getByRole('link', { name: 'Upload to this community' })).toHaveAttribute(
      'href',
      '/communities/glacier-observatory/upload',
    );
    expect(screen.getByText('3 communities')).toBeInTheDocument();
  });

  it('searches and pages through my communities', async () => {
    const requests = mockFetch(communitiesApi([lab], 25));
    const { user } = renderApp('/me/communities');

    const input = await within(await screen.findByRole('main')).findByRole('searchbox');
    await user.type(input, 'lab{Enter}');
    await expect.poll(() => searches(requests).at(-1)?.get('q'), { timeout: 5000 }).toBe('lab');

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await expect.poll(() => searches(requests).at(-1)?.get('page'), { timeout: 5000 }).toBe('2');
    expect(searches(requests).at(-1)?.get('q')).toBe('lab');
    expect(searches(requests).at(-1)?.get('size')).toBe('10');
  });

  it('says when I belong to no community', async () => {
    mockFetch(communitiesApi([]));
    renderApp('/me/communities');
    expect(
      await screen.findByText('You are not a member of any community yet.'),
    ).toBeInTheDocument();
  });
});
