import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';

const e2e = useE2E();

/** The demo's latest "Lake sediment cores" (two creators, no DOI). */
async function lakeSediment(): Promise<string> {
  const query = encodeURIComponent('"Lake sediment cores"');
  const answer = await fetch(`${e2e.server.url}/api/records?q=${query}`);
  const hits = ((await answer.json()) as { hits: { hits: { id: string }[] } }).hits.hits;
  expect(hits).toHaveLength(1);
  return hits[0]?.id ?? '';
}

describe('the citation box of a record page', () => {
  it('cites the record in a style and language the reader picks, copies it and downloads an export', async () => {
    const id = await lakeSediment();
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/records/${id}`);
    const box = page.getByRole('region', { name: 'Citation' });
    const citation = box.getByTestId('citation');
    // APA by default, formatted by the server.
    await citation.getByText(/^Archer, A\., & Baker, B\. \(2026\)\. Lake sediment cores/).waitFor();

    const style = box.getByRole('combobox', { name: 'Citation style' });
    await style.click();
    await style.fill('ieee');
    await page.getByRole('option', { name: 'IEEE' }).click();
    await citation.getByText(/^\[1\] A\. Archer and B\. Baker, “Lake sediment cores/).waitFor();

    const language = box.getByRole('combobox', { name: 'Language' });
    await language.click();
    await language.fill('Deutsch');
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await citation.getByText(/^\[1\] A\. Archer und B\. Baker/).waitFor();

    await box.getByRole('button', { name: 'Copy citation' }).click();
    await box.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await citation.textContent(),
    );

    await box.getByRole('button', { name: 'Export' }).click();
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    const hrefs = await items.evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    // No DataCite XML: its kernel requires a DOI, which this record has not.
    expect(hrefs).toEqual(
      [
        'json',
        'csl',
        'datacite-json',
        'dublincore',
        'marcxml',
        'bibtex',
        'dcat-ap',
        'geojson',
        'linkset',
        'json-ld',
      ].map((format) => `/records/${id}/export/${format}`),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'BibTeX' }).click(),
    ]);
    const bibtex = readFileSync(await download.path(), 'utf8');
    expect(bibtex).toMatch(/^@\w+\{/);
    expect(bibtex).toContain('Lake sediment cores');
    await context.close();
  });
});
