import { FILES_INLINE_LIMIT, FILES_PAGE_MAX } from '@arca/schema';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../test/fetch-mock.ts';
import { anonymous, siteConfig } from '../test/fixtures.ts';
import { buildRecord, hitsOf } from '../test/records.ts';
import { renderApp } from '../test/render-app.tsx';

const api = 'http://localhost:5000/api/records/abcde-12345';
const key = (i: number) => `data/part-${String(i).padStart(4, '0')}.csv`;
const entry = (i: number) => ({
  key: key(i),
  size: 100,
  mimetype: 'text/csv',
  checksum: `md5:${i}`,
  links: { content: `${api}/files/${key(i)}/content` },
});

/** The server of the contract: pages of `size` entries after a key, `links.next` while more follow. */
function listing(total: number) {
  return (request: RecordedRequest) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    const size = Number(query.get('size') ?? 100);
    const after = query.get('after');
    const start = after ? Number(/(\d+)\.csv$/.exec(after)?.[1]) + 1 : 0;
    const end = Math.min(total, start + size);
    const next = new URL(`${api}/files`);
    next.searchParams.set('size', String(size));
    next.searchParams.set('after', key(end - 1));
    if (query.has('token')) next.searchParams.set('token', query.get('token')!);
    return reply(200, {
      enabled: true,
      entries: Array.from({ length: end - start }, (_, i) => entry(start + i)),
      count: total,
      total_bytes: total * 100,
      links: { self: `${api}/files`, ...(end < total ? { next: next.href } : {}) },
    });
  };
}

function routes(total: number) {
  const entries = Object.fromEntries(Array.from({ length: total }, (_, i) => [key(i), entry(i)]));
  const record = buildRecord({
    files: {
      enabled: true,
      count: total,
      total_bytes: total * 100,
      // A large record's JSON carries no entries.
      ...(total > FILES_INLINE_LIMIT ? {} : { entries }),
    } as never,
    ui: { permissions: { can_read_files: true } },
  });
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': anonymous,
    'GET /api/records/abcde-12345': reply(200, record),
    'GET /api/records/abcde-12345/versions': reply(200, hitsOf([record])),
    'GET /api/records/abcde-12345/files': listing(total),
  };
}

const listingCalls = (requests: RecordedRequest[]) =>
  requests
    .map((request) => request.path)
    .filter((path) => /^\/api\/records\/abcde-12345\/files(\?|$)/.test(path));

// A real layout gives the list's box its height; jsdom gives none.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
});
afterEach(() => vi.restoreAllMocks());

describe('the files of a large record', () => {
  it('are read page after page, following links.next, and listed virtualised', async () => {
    const requests = mockFetch(routes(2_500));
    renderApp('/records/abcde-12345?token=secret');
    expect(await screen.findByText('2,500 files, 250 kB in total')).toBeInTheDocument();
    expect(await screen.findByText('Showing 2,500 of 2,500')).toBeInTheDocument();
    expect(listingCalls(requests)).toEqual([
      `/api/records/abcde-12345/files?size=${FILES_PAGE_MAX}&token=secret`,
      `/api/records/abcde-12345/files?size=${FILES_PAGE_MAX}&after=data%2Fpart-0999.csv&token=secret`,
      `/api/records/abcde-12345/files?size=${FILES_PAGE_MAX}&after=data%2Fpart-1999.csv&token=secret`,
    ]);
    const list = screen.getByRole('region', { name: 'Files of the record' });
    expect(within(list).getByRole('button', { name: /^data\// })).toHaveTextContent(
      '2,500 files · 250 kB',
    );
    expect(within(list).getAllByTestId('record-file').length).toBeLessThan(60);
    expect(within(list).getByText('part-0000.csv')).toBeInTheDocument();
  });

  it('show the first pages while the others are read', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const all = routes(2_500);
    const page = all['GET /api/records/abcde-12345/files'];
    const requests = mockFetch({
      ...all,
      'GET /api/records/abcde-12345/files': (request) => page(request),
    });
    // The third page waits until released.
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('after=data%2Fpart-1999.csv')) await held;
      return fetch(input, init);
    });
    renderApp('/records/abcde-12345');
    expect(
      await screen.findByText('Reading the list of files: 2,000 of 2,500'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Showing 2,000 of 2,000')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Showing 2,500 of 2,500')).toBeInTheDocument();
    expect(screen.queryByText(/^Reading the list of files/)).toBeNull();
    expect(listingCalls(requests)).toHaveLength(3);
  });
});

describe('the files of a small record', () => {
  it('are asked for in one call, as before, and listed in a table', async () => {
    const requests = mockFetch(routes(3));
    renderApp('/records/abcde-12345');
    expect(await screen.findByText('3 files, 300 bytes in total')).toBeInTheDocument();
    expect(listingCalls(requests)).toEqual(['/api/records/abcde-12345/files']);
    expect(screen.getByRole('table', { name: 'Files of the record' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Filter by name' })).toBeNull();
  });
});
