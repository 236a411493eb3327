import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkUse } from '../api/link-uses.ts';
import type { SecretLink } from '../api/sharing.ts';
import { renderWithProviders } from '../deposit/test-providers.tsx';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { siteConfig } from '../test/fixtures.ts';
import { buildRecord } from '../test/records.ts';
import { LinkUses } from './LinkUses.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const api = '/api/records/abcde-12345/access/links';
const base = buildRecord();
const record = buildRecord({
  links: { ...base.links, access_links: `http://localhost:5000${api}` },
});

const link: SecretLink = {
  id: 'l1',
  created_at: '2026-01-10T09:00:00+00:00',
  expires_at: null,
  permission: 'view',
  description: 'For reviewers',
  token: 'tok123',
  usage: { uses: 3, downloads: 1, visitors: 2, last_used_at: '2026-05-01T10:00:00+00:00' },
};

const uses: LinkUse[] = [
  {
    used_at: '2026-05-01T10:00:00+00:00',
    record_id: 'abcde-12345',
    version: 2,
    file: 'data.csv',
    visitor: 2,
  },
  {
    used_at: '2026-04-30T08:00:00+00:00',
    record_id: 'abcde-12345',
    version: 2,
    file: null,
    visitor: 1,
  },
  {
    used_at: '2026-04-29T08:00:00+00:00',
    record_id: 'gone-draft',
    version: null,
    file: null,
    visitor: 1,
  },
];

const page = (hits: LinkUse[], total: number) => reply(200, { hits: { hits, total } });

function renderUses(shown: SecretLink = link) {
  return renderWithProviders(
    <LinkUses record={record} link={shown} id="l1" name="For reviewers" />,
  );
}

describe("a link's list of uses", () => {
  it('lists each use with its version, what it opened and the visitor by number, under the summary', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-02T12:00:00Z') });
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET ${api}/l1/uses`]: page(uses, 3),
    });
    const { user } = renderUses();
    await user.click(await screen.findByRole('button', { name: 'Show uses of For reviewers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uses of For reviewers' });
    expect(within(dialog).getByTestId('link-uses-summary')).toHaveTextContent(
      'Uses: 3 · Downloads: 1 · Visitors: about 2 · Last use: yesterday',
    );
    const list = within(dialog).getByRole('list', { name: 'Uses, newest first' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.lastChild?.textContent)).toEqual([
      'Version 2 · Downloaded data.csv · Visitor 2',
      'Version 2 · Record opened · Visitor 1',
      'Record opened · Visitor 1',
    ]);
    expect(items[0]).toHaveTextContent(/2026/);
    // Every use is kept: no word about deleted ones, and no pages.
    expect(within(dialog).queryByText(/no longer listed/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Page 2' })).toBeNull();
    expect(requests.find((r) => r.path.includes('/uses'))?.path).toBe(
      `${api}/l1/uses?page=1&size=20`,
    );
  });

  it('pages through the uses, 20 at a time', async () => {
    const requests = mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET ${api}/l1/uses?page=1&size=20`]: page(Array(20).fill(uses[1]), 45),
      [`GET ${api}/l1/uses?page=3&size=20`]: page(Array(5).fill(uses[0]), 45),
    });
    const { user } = renderUses({ ...link, usage: { ...link.usage!, uses: 45 } });
    await user.click(await screen.findByRole('button', { name: 'Show uses of For reviewers' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(20);
    await user.click(within(dialog).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(5));
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('Downloaded data.csv');
    expect(requests.filter((r) => r.path.includes('/uses')).map((r) => r.path)).toEqual([
      `${api}/l1/uses?page=1&size=20`,
      `${api}/l1/uses?page=3&size=20`,
    ]);
  });

  it('says that uses past the retention are no longer listed when fewer are kept than counted', async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET ${api}/l1/uses`]: page(uses.slice(0, 1), 1),
    });
    const { user } = renderUses({ ...link, usage: { ...link.usage!, uses: 14 } });
    await user.click(await screen.findByRole('button', { name: 'Show uses of For reviewers' }));
    expect(
      await screen.findByText(
        'Uses older than the retention period are no longer listed; the counts above include them.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be read", async () => {
    mockFetch({
      'GET /api/config': reply(200, siteConfig),
      [`GET ${api}/l1/uses`]: reply(403, {
        status: 403,
        message: 'You do not have permission to do this.',
      }),
    });
    const { user } = renderUses();
    await user.click(await screen.findByRole('button', { name: 'Show uses of For reviewers' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('You do not have permission to do this.');
  });

  it('offers no list for a link never used', async () => {
    mockFetch({ 'GET /api/config': reply(200, siteConfig) });
    renderUses({ ...link, usage: { uses: 0, downloads: 0, visitors: 0, last_used_at: null } });
    await waitFor(() => expect(document.body).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Show uses/ })).toBeNull();
  });
});
