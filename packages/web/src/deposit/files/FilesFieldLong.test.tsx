import type { RecordJson } from '@arca/schema';
import { FILES_PAGE_MAX } from '@arca/schema';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, reply, type RecordedRequest } from '../../test/fetch-mock.ts';
import { buildUser, siteConfig } from '../../test/fixtures.ts';
import { buildDraft } from '../../test/drafts.ts';
import { renderApp } from '../../test/render-app.tsx';

const empty = reply(200, { hits: { hits: [], total: 0 } });
const self = 'http://localhost:5000/api/records/a1b2c-3d4e5/draft';
const key = (i: number) => `run-${String(i).padStart(3, '0')}.csv`;
const fileEntry = (i: number) => ({
  key: key(i),
  size: 10,
  status: 'completed',
  checksum: 'md5:00',
  transfer: { type: 'L' },
  links: { self: `${self}/files/${key(i)}`, content: `${self}/files/${key(i)}/content` },
});
const quota = { max_files: 500, max_bytes: 1e10 };

/** Pages of the draft's listing per the contract, `links.next` while entries follow. */
function listing(total: number, cap: number) {
  return (request: RecordedRequest) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    if (!query.has('size') && total > 100) throw new Error('a large listing is asked by pages');
    const size = Math.min(cap, Number(query.get('size') ?? total));
    const after = query.get('after');
    const start = after ? Number(/(\d+)\.csv$/.exec(after)?.[1]) + 1 : 0;
    const end = Math.min(total, start + size);
    const next = `${self}/files?size=${size}&after=${key(end - 1)}`;
    return reply(200, {
      enabled: true,
      entries: Array.from({ length: end - start }, (_, i) => fileEntry(start + i)),
      quota,
      count: total,
      total_bytes: total * 10,
      links: { self: `${self}/files`, ...(end < total ? { next } : {}) },
    });
  };
}

function routes(draft: RecordJson, total: number, cap = FILES_PAGE_MAX) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    'GET /api/records/a1b2c-3d4e5/draft': reply(200, draft),
    'GET /api/records/a1b2c-3d4e5/draft/files': listing(total, cap),
    'GET /api/vocabularies/resourcetypes': empty,
    'GET /api/vocabularies/titletypes': empty,
  };
}

/** The editor's code loads on first render: allow for a busy machine. */
const slow = { timeout: 15_000 };

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
});
afterEach(() => vi.restoreAllMocks());

describe('the Files section of a draft with many files', () => {
  it('reads a large listing in pages and lists it virtualised with a filter', async () => {
    const draft = buildDraft({ files: { enabled: true, count: 150, total_bytes: 1500 } });
    const requests = mockFetch(routes(draft, 150));
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    const list = await screen.findByRole('region', { name: 'Files of the draft' }, slow);
    expect(await screen.findByText('Showing 150 of 150')).toBeInTheDocument();
    expect(
      requests.filter((request) => request.path.startsWith('/api/records/a1b2c-3d4e5/draft/files')),
    ).toHaveLength(1);
    expect(requests.map((request) => request.path)).toContain(
      `/api/records/a1b2c-3d4e5/draft/files?size=${FILES_PAGE_MAX}`,
    );
    expect(screen.getByTestId('files-quota')).toHaveTextContent('150 of 500 files');
    expect(within(list).getAllByTestId('deposit-file').length).toBeLessThan(60);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'run-14');
    expect(screen.getByText('Showing 10 of 150')).toBeInTheDocument();
    const rows = within(list).getAllByTestId('deposit-file');
    expect(rows).toHaveLength(10);
    expect(within(rows[0]!).getByText('run-140.csv')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Uploaded')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Remove run-140.csv' })).toBeEnabled();
  });

  it('follows links.next while the server answers pages', async () => {
    const draft = buildDraft({ files: { enabled: true, count: 250, total_bytes: 2500 } });
    // This server answers at most 100 entries a page.
    const requests = mockFetch(routes(draft, 250, 100));
    renderApp('/uploads/a1b2c-3d4e5');
    expect(await screen.findByText('Showing 250 of 250', {}, slow)).toBeInTheDocument();
    expect(
      requests
        .map((request) => request.path)
        .filter((path) => path.startsWith('/api/records/a1b2c-3d4e5/draft/files')),
    ).toEqual([
      `/api/records/a1b2c-3d4e5/draft/files?size=${FILES_PAGE_MAX}`,
      '/api/records/a1b2c-3d4e5/draft/files?size=100&after=run-099.csv',
      '/api/records/a1b2c-3d4e5/draft/files?size=100&after=run-199.csv',
    ]);
    expect(screen.getByTestId('files-quota')).toHaveTextContent('250 of 500 files');
  });

  it('keeps the table of a few files', async () => {
    const draft = buildDraft({ files: { enabled: true } });
    mockFetch(routes(draft, 49));
    renderApp('/uploads/a1b2c-3d4e5');
    expect(
      await screen.findByRole('table', { name: 'Files of the draft' }, slow),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('deposit-file')).toHaveLength(49);
    expect(screen.queryByRole('searchbox', { name: 'Filter by name' })).toBeNull();
  });
});
