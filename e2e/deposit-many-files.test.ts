import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FILES_INIT_BATCH } from '@arca/schema';
import { api, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

const COUNT = 150;
const name = (i: number) => `sample-${String(i).padStart(3, '0')}.txt`;
const files = Array.from({ length: COUNT }, (_, i) => ({
  name: name(i),
  mimeType: 'text/plain',
  buffer: Buffer.from(`reading ${i}\n`),
}));

interface Listing {
  entries?: { key: string; status: string }[];
  links?: { next?: string };
}

/** Every entry of a files listing, following `links.next` when the server pages it. */
async function allEntries(page: Page, url: string) {
  const entries: { key: string; status: string }[] = [];
  for (let next: string | undefined = url; next;) {
    const listing: Listing = await api<Listing>(page, 'GET', next);
    entries.push(...(listing.entries ?? []));
    next = listing.links?.next;
  }
  return entries;
}

/** The init calls (POST of the draft's files) the page sends, with their bodies. */
function recordInits(page: Page): unknown[][] {
  const inits: unknown[][] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/draft\/files$/.test(new URL(request.url()).pathname)) {
      inits.push(request.postDataJSON() as unknown[]);
    }
  });
  return inits;
}

/** What a long list shows: its rows in the page, far fewer than its files. */
async function expectVirtualised(list: Locator, testId: string) {
  await list.getByTestId(testId).first().waitFor();
  const rendered = await list.getByTestId(testId).count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(60);
}

async function expectNoSidewaysScroll(page: Page) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await sidewaysScroll(page)).toBe('');
  }
  await page.setViewportSize(DESKTOP);
}

describe('a draft with many files', () => {
  it('announces 150 files in a few init calls and lists them virtualised, filtered, on desktop and phone', async () => {
    const base = `${e2e.server.url}/api/records`;
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    page.setDefaultTimeout(30_000);
    await page.setViewportSize(DESKTOP);
    const draft = await api<{ id: string }>(page, 'POST', base, {
      metadata: {
        resource_type: { id: 'dataset' },
        title: 'One hundred and fifty readings',
        publication_date: '2026-01-15',
        creators: [
          { person_or_org: { type: 'personal', family_name: 'Curie', given_name: 'Marie' } },
        ],
      },
      files: { enabled: true },
    });
    // Five files are the default; an administrator raises this record's quota.
    const admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
    await api(admin, 'PUT', `${e2e.server.url}/api/admin/records/${draft.id}/quota`, {
      max_files: 200,
      max_bytes: 1e9,
    });
    await admin.context().close();

    await page.goto(`${e2e.server.url}/uploads/${draft.id}`);
    const inits = recordInits(page);
    await page.getByLabel('Choose files').setInputFiles(files);
    await expect
      .poll(
        async () =>
          (await allEntries(page, `${base}/${draft.id}/draft/files`)).filter(
            (entry) => entry.status === 'completed',
          ).length,
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(COUNT);
    // Fewer init calls than files, none over the batch size, every file announced once.
    expect(inits.length).toBeLessThan(COUNT);
    expect(inits.length).toBe(Math.ceil(COUNT / FILES_INIT_BATCH));
    expect(inits.every((batch) => batch.length <= FILES_INIT_BATCH)).toBe(true);
    expect(inits.flat()).toHaveLength(COUNT);

    const list = page.getByRole('region', { name: 'Files of the draft' });
    await page.getByText(`Showing ${COUNT} of ${COUNT}`).waitFor();
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: name(0) })
      .filter({ hasText: 'Uploaded' })
      .waitFor();
    await expectVirtualised(list, 'deposit-file');
    await expectNoSidewaysScroll(page);

    // The keyboard reaches the last file, which was not in the page.
    await list.getByRole('button', { name: `Remove ${name(0)}` }).focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => page.evaluate('document.activeElement?.getAttribute("aria-label")'))
      .toBe(`Remove ${name(COUNT - 1)}`);

    const filter = page.getByRole('searchbox', { name: 'Filter by name' });
    await filter.fill('sample-01');
    await page.getByText(`Showing 10 of ${COUNT}`).waitFor();
    expect(await list.getByTestId('deposit-file').count()).toBe(10);
    await expect
      .poll(() => list.getByTestId('deposit-file').allInnerTexts())
      .toEqual(Array.from({ length: 10 }, (_, i) => expect.stringContaining(name(10 + i))));
    await expectNoSidewaysScroll(page);

    // Opened again, the draft's JSON carries no entries past the inline limit: the list is
    // read from the listing, and Publish knows every file is uploaded.
    await page.reload();
    await page.getByText(`Showing ${COUNT} of ${COUNT}`).waitFor();
    await expectVirtualised(list, 'deposit-file');
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isEnabled()).toBe(true);

    // Published, its page lists the files the same way.
    await api(page, 'POST', `${base}/${draft.id}/draft/actions/publish`);
    await page.goto(`${e2e.server.url}/records/${draft.id}`);
    const recordList = page.getByRole('region', { name: 'Files of the record' });
    await page.getByText(`Showing ${COUNT} of ${COUNT}`).waitFor();
    await expectVirtualised(recordList, 'record-file');
    await page.getByRole('searchbox', { name: 'Filter by name' }).fill('sample-14');
    await page.getByText(`Showing 10 of ${COUNT}`).waitFor();
    await recordList.getByRole('link', { name: `Download ${name(149)}` }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.context().close();
    // 150 uploads on a busy machine take more than the default minute.
  }, 180_000);
});
