import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const ID = '6f2c1a2b-0000-4000-8000-000000000001';
const lab: CommunityJson = {
  id: ID,
  slug: 'demo-lab',
  created: '2026-01-05T10:00:00+00:00',
  metadata: {
    title: 'Demo Lab',
    description: 'Field data of the demo lab: soils, lakes and glaciers.',
    website: 'https://lab.example.org',
  },
  access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'closed' },
  theme: { enabled: false },
  links: {
    self_html: 'http://localhost/communities/demo-lab',
    logo: `/api/communities/${ID}/logo`,
  },
  ui: {
    role: null,
    has_logo: false,
    permissions: { can_submit_record: false, can_curate: false },
  },
};
const asCurator: CommunityJson = {
  ...lab,
  ui: {
    role: 'curator',
    has_logo: false,
    permissions: { can_submit_record: true, can_curate: true },
  },
};

const records = Array.from({ length: 10 }, (_, index) =>
  buildRecord({
    id: `rec00-0000${index}`,
    metadata: { ...buildRecord().metadata, title: `Lab record ${index + 1}` },
  }),
);

function api(community: CommunityJson | typeof notFound = lab, me: unknown = anonymous) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': me as ReturnType<typeof reply>,
    'GET /api/communities/demo-lab': 'status' in community ? community : reply(200, community),
    'GET /api/vocabularies/resourcetypes': reply(200, { hits: { hits: [], total: 0 } }),
    'GET /api/records': () =>
      reply(200, { ...hitsOf(records), hits: { hits: records, total: 25 }, sortBy: 'newest' }),
  };
}
const notFound = reply(404, { status: 404, message: 'The requested URL was not found.' });

const searches = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.path.startsWith('/api/records'))
    .map((request) => new URL(request.path, 'http://x').searchParams);

describe('the community page', () => {
  it('shows the header and the records of the community, newest first', async () => {
    const requests = mockFetch(api());
    renderApp('/communities/demo-lab');

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Lab' })).toBeInTheDocument();
    expect(screen.getByText(/soils, lakes and glaciers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://lab.example.org' })).toHaveAttribute(
      'href',
      'https://lab.example.org',
    );
    // Its initials stand in for the logo it does not have.
    expect(screen.getByText('DE')).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('25 results')).toBeInTheDocument();
    expect(searches(requests)[0]!.get('q')).toBe(`parent.communities.ids:"${ID}"`);
    expect(searches(requests)[0]!.get('sort')).toBe('newest');
    // A visitor neither uploads to it nor sees its requests.
    expect(screen.queryByRole('link', { name: 'Requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New upload' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Records' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches within the community, sorts and pages through the address bar', async () => {
    const requests = mockFetch(api());
    const { user, router } = renderApp('/communities/demo-lab');

    const box = within(await screen.findByRole('search', { name: 'Search in this community' }));
    await user.type(box.getByRole('searchbox'), 'soil');
    await user.click(box.getByRole('button', { name: 'Search' }));
    await expect.poll(() => router.state.location.search, { timeout: 5000 }).toBe('?q=soil');
    await expect
      .poll(() => searches(requests).at(-1)?.get('q'), { timeout: 5000 })
      .toBe(`parent.communities.ids:"${ID}" AND (soil)`);
    expect(searches(requests).at(-1)?.get('sort')).toBe('bestmatch');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'oldest');
    await expect
      .poll(() => router.state.location.search, { timeout: 5000 })
      .toBe('?q=soil&sort=oldest');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await expect
      .poll(() => router.state.location.search, { timeout: 5000 })
      .toBe('?q=soil&sort=oldest&page=2');
    expect(router.state.location.pathname).toBe('/communities/demo-lab');
    await expect.poll(() => searches(requests).at(-1)?.get('page'), { timeout: 5000 }).toBe('2');
  });

  it('tells how the community takes records on its About tab', async () => {
    mockFetch(api());
    const { user, router } = renderApp('/communities/demo-lab');
    await user.click(await screen.findByRole('link', { name: 'About' }));
    expect(
      await screen.findByRole('heading', { name: 'About this community' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/communities/demo-lab/about');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getByText('Anyone with an account may submit records for review.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Every submission is reviewed by the curators.')).toBeInTheDocument();
    expect(
      screen.getByText('Public: anyone can see the community and its public records.'),
    ).toBeInTheDocument();
  });

  it("gives its curators New upload and the way to the community's requests", async () => {
    const requests = mockFetch({
      ...api(asCurator, reply(200, buildUser())),
      'GET /api/communities/6f2c1a2b-0000-4000-8000-000000000001': reply(200, asCurator),
      'GET /api/user/requests': reply(200, { hits: { hits: [], total: 0 } }),
    });
    const { user, router } = renderApp('/communities/demo-lab');
    expect(await screen.findByRole('link', { name: 'New upload' })).toHaveAttribute(
      'href',
      '/communities/demo-lab/upload',
    );
    expect(screen.getByText('Curator')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Requests' }));

    await expect
      .poll(() => router.state.location.pathname + router.state.location.search)
      .toBe(`/me/requests?receiver=community%3A${ID}`);
    expect(await screen.findByRole('link', { name: 'Demo Lab' })).toHaveAttribute(
      'href',
      '/communities/demo-lab',
    );
    expect(screen.getByText(/Requests to/)).toBeInTheDocument();
    const listed = requests.find((request) => request.path.startsWith('/api/user/requests'));
    expect(new URL(listed!.path, 'http://x').searchParams.get('receiver')).toBe(`community:${ID}`);
  });

  it('is not found for those who may not see it', async () => {
    const requests = mockFetch(api(notFound));
    renderApp('/communities/demo-lab');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(searches(requests)).toHaveLength(0);
  });
});
