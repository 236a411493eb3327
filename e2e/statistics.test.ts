import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

/** Headless Chromium names itself `HeadlessChrome`, which the robot list excludes. */
const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A public demo record with open files, and the key of one of them. */
async function recordWithFile(): Promise<{ id: string; key: string }> {
  const answer = await fetch(`${server.url}/api/records?size=25`);
  const hits = ((await answer.json()) as { hits: { hits: { id: string }[] } }).hits.hits;
  for (const { id } of hits) {
    const files = await fetch(`${server.url}/api/records/${id}/files`);
    const entries = ((await files.json()) as { entries?: { key: string }[] }).entries ?? [];
    if (files.ok && entries[0]) return { id, key: entries[0].key };
  }
  throw new Error('no demo record with open files');
}

/** The counts of the record page's statistics: [this version, all versions] per row. */
async function shownCounts(page: Page): Promise<Record<string, string[]>> {
  const section = page.getByRole('region', { name: 'Statistics' });
  await section.waitFor();
  const rows: Record<string, string[]> = {};
  for (const label of ['Views', 'Downloads']) {
    const row = section.getByRole('row', { name: new RegExp(`^${label}`) });
    rows[label] = await row.getByRole('cell').allTextContents();
  }
  return rows;
}

/** Opens the record page and downloads the file from it, as the context's visitor. */
async function visitAndDownload(page: Page, id: string, key: string): Promise<void> {
  await page.goto(`${server.url}/records/${id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download ${key}` }).click(),
  ]);
  expect(await download.failure()).toBeNull();
}

describe('usage statistics on the record page', () => {
  it('shows the views and downloads of a visitor once counted, and not those of a robot', async () => {
    const { id, key } = await recordWithFile();
    const person = await browser.newContext({ userAgent: PERSON });
    const robot = await browser.newContext();
    const page = await person.newPage();
    await page.goto(`${server.url}/records/${id}`);
    expect(await shownCounts(page)).toEqual({ Views: ['0', '0'], Downloads: ['0', '0'] });

    await visitAndDownload(page, id, key);
    await visitAndDownload(await robot.newPage(), id, key);
    await server.services.stats.aggregate();

    await page.reload();
    expect(await shownCounts(page)).toEqual({ Views: ['1', '1'], Downloads: ['1', '1'] });
    await robot.close();
    await person.close();
  });
});
