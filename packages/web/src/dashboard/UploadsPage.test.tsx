import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, buildUser, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

// The first find waits for the page's code to load, which a busy machine slows down.
configure({ asyncUtilTimeout: 5000 });

const draft = buildRecord({
  id: 'draft-00001',
  is_draft: true,
  is_published: false,
  status: 'draft',
  metadata: { ...buildRecord().metadata, title: 'Weather station calibration' },
});
const published = buildRecord({ id: 'publi-00001' });

const uploadsApi = (hits = [draft, published]) => ({
  'GET /api/config': reply(200, siteConfig),
  'GET /api/me': reply(200, buildUser()),
  'GET /api/me/quota': reply(200, {
    max_bytes: 10_000_000,
    used_bytes: 2_500_000,
    max_drafts: 10,
    open_drafts: 1,
  }),
  'GET /api/user/records': () =>
    reply(
      200,
      hitsOf(hits, {
        sortBy: 'updated-desc',
        aggregations: {
          is_published: {
            buckets: [
              { key: 'true', doc_count: 1 },
              { key: 'false', doc_count: 1 },
            ],
          },
        },
      }),
    ),
});

const uploadSearches = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.path.startsWith('/api/user/records'))
    .map((request) => new URL(request.path, 'http://x').searchParams);

describe('UploadsPage', () => {
  it('lists my drafts and records with their status; drafts open in the editor', async () => {
    mockFetch(uploadsApi());
    renderApp('/me/uploads');

    const list = await screen.findByRole('list', { name: 'My uploads' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Draft')).toBeInTheDocument();
    expect(
      within(first!).getByRole('link', { name: 'Weather station calibration' }),
    ).toHaveAttribute('href', '/uploads/draft-00001');
    expect(within(second!).getByText('Published')).toBeInTheDocument();
    expect(within(second!).getByRole('link')).toHaveAttribute('href', '/records/publi-00001');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('updated-desc');
  });

  it('searches, filters to drafts and sorts my uploads', async () => {
    const requests = mockFetch(uploadsApi());
    const { user } = renderApp('/me/uploads');

    const input = await within(await screen.findByRole('main')).findByRole('searchbox');
    await user.type(input, 'weather{Enter}');
    await expect
      .poll(() => uploadSearches(requests).at(-1)?.get('q'), { timeout: 5000 })
      .toBe('weather');

    await user.click(await screen.findByRole('checkbox', { name: 'Drafts (1)' }));
    await expect
      .poll(() => uploadSearches(requests).at(-1)?.getAll('is_published'), { timeout: 5000 })
      .toEqual(['false']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'oldest');
    await expect
      .poll(() => uploadSearches(requests).at(-1)?.get('sort'), { timeout: 5000 })
      .toBe('oldest');
    expect(uploadSearches(requests).at(-1)?.get('q')).toBe('weather');
  });

  it('shows my storage used and left', async () => {
    mockFetch(uploadsApi());
    renderApp('/me/uploads');
    expect(await screen.findByTestId('my-storage')).toHaveTextContent(
      'Your storage: 2.5 MB used of 10 MB, 7.5 MB left',
    );
  });

  it('says so when there are no uploads yet', async () => {
    mockFetch(uploadsApi([]));
    renderApp('/me/uploads');
    expect(await screen.findByText('You have no uploads yet.')).toBeInTheDocument();
  });

  it('sends an anonymous visitor to log in first', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig), 'GET /api/me': anonymous });
    const { router } = renderApp('/me/uploads');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fme%2Fuploads');
  });
});
