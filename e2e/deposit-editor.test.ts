import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCreator, choose, field, loggedInPage, sidewaysOverflow } from './deposit.helpers.ts';
import { useE2E } from './server.ts';

const e2e = useE2E();

/** The saved draft of the editor's current address, as the API returns it. */
async function savedDraft(page: Page): Promise<{ metadata: { description?: string } }> {
  await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const response = await page.request.get(`${e2e.server.url}/api/records/${id}/draft`);
  return (await response.json()) as { metadata: { description?: string } };
}

describe('the description editor', () => {
  it('takes every keystroke typed right after the click, on fresh pages, and never crashes', async () => {
    const first = await loggedInPage(e2e.browser, e2e.server.url);
    const context = first.context();
    const crashes: string[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('console', (message) => {
        if (message.type() === 'error') crashes.push(`${attempt}: ${message.text()}`);
      });
      page.on('pageerror', (error) => crashes.push(`${attempt}: ${error.message}`));
      await page.goto(`${e2e.server.url}/uploads/new`);
      await field(page, 'Title').fill(`Description check ${attempt}`);
      const text = `Attempt ${attempt}: soil cores from Lake Geneva, sampled weekly.`;
      // Click and type at once, as a person does: no wait in between.
      await page.getByRole('textbox', { name: 'Description', exact: true }).click();
      await page.keyboard.type(text);
      await page.getByRole('button', { name: 'Save draft' }).click();
      const draft = await savedDraft(page);
      expect(crashes).toEqual([]);
      expect(draft.metadata.description ?? '').toContain(text);
      await page.close();
    }
    await context.close();
  }, 240_000);
});

describe('the description on a fresh page', () => {
  it('loads the editor only when wanted and keeps the lines typed while it loads', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    page.setDefaultTimeout(15_000);
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto(`${e2e.server.url}/uploads/new`, { waitUntil: 'networkidle' });
    await field(page, 'Title').fill('Lines typed at once');
    expect(scripts.filter((url) => url.includes('RichTextEditor'))).toEqual([]);
    expect(await page.locator('[contenteditable]').count()).toBe(0);
    // Typed straight into whatever has the focus, Enter included, while the editor loads.
    await page.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type('First line, ');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second line.');
    await page.getByRole('button', { name: 'Bold' }).waitFor();
    await page.keyboard.type(' Third part.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const draft = await savedDraft(page);
    expect(draft.metadata.description).toBe('<p>First line, </p><p>second line. Third part.</p>');
    await page.context().close();
  }, 60_000);
});

describe.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
])('a deposit on a %s', (_name, viewport) => {
  it('creates a draft, types the description right after clicking it, adds creators, uploads a file and publishes', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.setViewportSize(viewport);
    page.setDefaultTimeout(15_000);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await choose(page, 'Resource type', 'Dataset');
    await field(page, 'Title').fill(`Walk on a ${viewport.width} px screen`);
    await field(page, 'Publication date').fill('2026-01-15');
    const text = 'Weekly soil cores, twelve stations, 2025.';
    await page.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type(text);
    await addCreator(page, 'Curie', 'Marie');
    await addCreator(page, 'Noether', 'Emmy');
    await page.getByLabel('Choose files').setInputFiles({
      name: 'cores.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('station,depth\n1,30\n'),
    });
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: 'cores.csv' })
      .filter({ hasText: 'Uploaded' })
      .waitFor({ timeout: 30_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const response = await page.request.get(`${e2e.server.url}/api/records/${id}`);
    const record = (await response.json()) as {
      metadata: { description?: string; creators: unknown[] };
      files: { count?: number };
    };
    expect(record.metadata.description ?? '').toContain(text);
    expect(record.metadata.creators).toHaveLength(2);
    await page.context().close();
  }, 120_000);
});
