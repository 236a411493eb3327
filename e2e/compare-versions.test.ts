import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe-check.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

/** The latest version of the demo's record with two versions. */
async function lakeSedimentLatest(): Promise<string> {
  const query = encodeURIComponent('"Lake sediment cores"');
  const answer = await fetch(`${e2e.server.url}/api/records?q=${query}`);
  const hits = ((await answer.json()) as { hits: { hits: { id: string }[] } }).hits.hits;
  expect(hits).toHaveLength(1);
  return hits[0]!.id;
}

describe('comparing versions', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens from the version list and says what changed (${name})`, async () => {
      const latest = await lakeSedimentLatest();
      const context = await e2e.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${e2e.server.url}/records/${latest}`);
      await page.getByRole('link', { name: /^Compare .+ with this version$/ }).click();
      await page.waitForURL(new RegExp(`/records/${latest}/compare/`));
      await page.getByRole('heading', { name: 'Compare versions' }).waitFor();
      await page.getByRole('region', { name: 'Metadata changes' }).waitFor();
      expect(await page.getByTestId('metadata-changes').textContent()).toContain(
        'Description changed from',
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBe('');
      await context.close();
    });
  }
});
