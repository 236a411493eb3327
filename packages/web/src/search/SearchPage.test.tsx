import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const records = Array.from({ length: 10 }, (_, index) =>
  buildRecord({
    id: `rec00-0000${index}`,
    metadata: { ...buildRecord().metadata, title: `Lake record ${index + 1}` },
  }),
);

const aggregations = {
  resource_type: { buckets: [{ key: 'dataset', doc_count: 23 }] },
  access_status: {
    buckets: [
      { key: 'open', doc_count: 20 },
      { key: 'embargoed', doc_count: 3 },
    ],
  },
  file_type: { buckets: [{ key: 'csv', doc_count: 4 }] },
};

function searchApi() {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    'GET /api/vocabularies/resourcetypes': reply(200, {
      hits: { hits: [{ id: 'dataset', title_l10n: 'Dataset' }], total: 1 },
    }),
    'GET /api/records': (request: RecordedRequest) => {
      const page = new URL(request.path, 'http://x').searchParams.get('page');
      const hits = page === '3' ? records.slice(0, 3) : records;
      return reply(200, hitsOf(hits, { aggregations, sortBy: 'bestmatch' }));
    },
  };
}

const searches = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.path.startsWith('/api/records'))
    .map((request) => new URL(request.path, 'http://x').searchParams);

describe('SearchPage', () => {
  it('searches with the query of the address and shows results, facets and total', async () => {
    const requests = mockFetch(searchApi());
    renderApp('/search?q=lake');

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('10 results')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('searchbox')).toHaveValue('lake');
    expect(searches(requests)[0]!.get('q')).toBe('lake');
    expect(searches(requests)[0]!.get('size')).toBe('10');
    expect(await screen.findByRole('checkbox', { name: 'Dataset (23)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Embargoed (3)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'CSV (4)' })).toBeInTheDocument();
  });

  it('filters by a facet, sorts and pages through the address bar', async () => {
    const requests = mockFetch({
      ...searchApi(),
      'GET /api/records': () =>
        reply(200, { ...hitsOf(records, { aggregations }), hits: { hits: records, total: 23 } }),
    });
    const { user, router } = renderApp('/search?q=lake');

    await user.click(await screen.findByRole('checkbox', { name: 'Embargoed (3)' }));
    await expect
      .poll(() => router.state.location.search, { timeout: 5000 })
      .toBe('?q=lake&access_status=embargoed');
    await expect
      .poll(() => searches(requests).at(-1)?.getAll('access_status'), { timeout: 5000 })
      .toEqual(['embargoed']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    await expect
      .poll(() => searches(requests).at(-1)?.get('sort'), { timeout: 5000 })
      .toBe('newest');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await expect.poll(() => searches(requests).at(-1)?.get('page'), { timeout: 5000 }).toBe('3');
    expect(router.state.location.search).toContain('page=3');
    expect(router.state.location.search).toContain('access_status=embargoed');
  });

  it('runs a new search from the query box, back on the first page', async () => {
    const requests = mockFetch(searchApi());
    const { user, router } = renderApp('/search?q=lake&page=2');

    await screen.findByRole('list', { name: 'Search results' });
    const input = within(screen.getByRole('main')).getByRole('searchbox');
    await user.clear(input);
    await user.type(input, 'glacier{Enter}');
    await expect.poll(() => router.state.location.search, { timeout: 5000 }).toBe('?q=glacier');
    await expect.poll(() => searches(requests).at(-1)?.get('q'), { timeout: 5000 }).toBe('glacier');
    expect(searches(requests).at(-1)?.get('page')).toBe('1');
  });
});
