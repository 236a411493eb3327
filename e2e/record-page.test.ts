import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe-check.ts';
import { useE2E } from './server.ts';

const e2e = useE2E();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Hit {
  id: string;
  versions: { index: number; is_latest: boolean };
}

/** The demo's record with two versions: its first (older) and its latest. */
async function lakeSedimentVersions(): Promise<{ older: string; latest: string }> {
  const query = encodeURIComponent('"Lake sediment cores"');
  const answer = await fetch(`${e2e.server.url}/api/records?q=${query}&allversions=true`);
  const hits = ((await answer.json()) as { hits: { hits: Hit[] } }).hits.hits;
  const older = hits.find((hit) => !hit.versions.is_latest)?.id ?? '';
  const latest = hits.find((hit) => hit.versions.is_latest)?.id ?? '';
  expect(older).not.toBe('');
  expect(latest).not.toBe('');
  return { older, latest };
}

describe('the record page of an older version', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows a banner to the latest version and marks itself in the list (${viewport.name})`, async () => {
      const { older, latest } = await lakeSedimentVersions();
      const context = await e2e.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/records/${older}`);
      await page.getByText('Sediment cores from Lake Neuchâtel, first campaign.').waitFor();
      expect(await page.title()).toMatch(/^Lake sediment cores \| /);

      const banner = page.getByTestId('newer-version');
      await banner.getByText('A newer version exists').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // The list of versions marks this one.
      const versions = page.locator('ol [aria-current="page"]');
      expect(await versions.count()).toBe(1);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(
        true,
      );

      await banner.getByRole('link', { name: 'View the latest version' }).click();
      await page.waitForURL(new RegExp(`/records/${latest}$`));
      await page.getByText('Sediment cores from Lake Neuchâtel, both campaigns.').waitFor();
      expect(await page.getByTestId('newer-version').count()).toBe(0);

      // Every file in one zip.
      const downloadAll = page.getByRole('link', { name: 'Download all' });
      const zip = await page.request.get(
        new URL((await downloadAll.getAttribute('href')) ?? '', e2e.server.url).toString(),
      );
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toContain('application/zip');
      await context.close();
    });
  }

  it('sizes and dates read as words in the interface language', async () => {
    const { latest } = await lakeSedimentVersions();
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/records/${latest}`);
    const dates = page.getByText(/^Published .+ · Last updated .+$/);
    await dates.waitFor();
    // One long style for both dates: no ISO date on the line.
    expect(await dates.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const table = page.getByRole('table', { name: 'Files of the record' });
    await table.waitFor();
    expect(await table.textContent()).not.toMatch(/\d byte(?!s)/);
    await context.close();
  });
});
