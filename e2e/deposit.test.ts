import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';
import { fillRequired, loggedInPage } from './deposit.helpers.ts';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the deposit editor in the browser', () => {
  it('creates a metadata-only record, fills the required fields, publishes and lands on the record page', async () => {
    const page = await loggedInPage(browser, server.url);
    await page.goto(`${server.url}/uploads/new`);
    await fillRequired(page, 'Soil moisture of the Lake Geneva basin');
    await page.getByLabel('Metadata-only record').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Soil moisture of the Lake Geneva basin').waitFor();
    await modal.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const record = (await (await page.request.get(`${server.url}/api/records/${id}`)).json()) as {
      is_published: boolean;
      metadata: { title: string; creators: { person_or_org: { name: string } }[] };
    };
    expect(record.is_published).toBe(true);
    expect(record.metadata.title).toBe('Soil moisture of the Lake Geneva basin');
    expect(record.metadata.creators[0]?.person_or_org.name).toBe('Curie, Marie');
    await page.context().close();
  });
});
