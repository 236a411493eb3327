import { describe, expect, it } from 'vitest';
import de from '../packages/web/src/i18n/locales/de.json' with { type: 'json' };
import en from '../packages/web/src/i18n/locales/en.json' with { type: 'json' };
import deVocabulary from '../packages/server/src/vocabularies/locales/de.json' with { type: 'json' };
import { LANGUAGE_NAMES } from '../packages/web/src/i18n/languages.ts';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

describe('the deposit editor’s vocabularies in the browser', () => {
  it.each([
    { size: 'desktop', viewport: { width: 1280, height: 900 } },
    { size: 'phone', viewport: { width: 390, height: 844 } },
  ])(
    'finds an affiliation by its acronym and keeps it with its id ($size)',
    async ({ viewport }) => {
      const page = await loggedInPage(e2e.browser, e2e.server.url);
      await page.setViewportSize(viewport);
      await page.goto(`${e2e.server.url}/uploads/new`);
      await page.getByRole('button', { name: 'Add creator' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('textbox', { name: 'Family name', exact: true }).fill('Curie');
      // The server finds CERN by its acronym; its name does not contain it.
      await modal.getByRole('combobox', { name: 'Affiliations' }).pressSequentially('CERN');
      await page
        .getByRole('option', { name: 'European Organization for Nuclear Research', exact: true })
        .click();
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByText('European Organization for Nuclear Research').first().waitFor();

      await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Beam test');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';
      const draft = (await (
        await page.request.get(`${e2e.server.url}/api/records/${id}/draft`)
      ).json()) as { metadata: { creators: { affiliations: { id?: string }[] }[] } };
      expect(draft.metadata.creators[0]?.affiliations).toEqual([
        expect.objectContaining({ id: '01ggx4157' }),
      ]);
      await page.context().close();
    },
  );

  it('shows licences in German in the picker and the list, pages through all and searches them', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await page.goto(`${e2e.server.url}/uploads/new`);
    await page.getByRole('banner').getByRole('button', { name: en.header.language }).click();
    await page.getByRole('menuitem', { name: LANGUAGE_NAMES.de, exact: true }).click();
    await page.locator('html[lang="de"]').waitFor({ state: 'attached' });

    const licences = de.deposit.fields.licenses;
    await page.getByRole('button', { name: licences.addStandard, exact: true }).click();
    const picker = page.getByRole('dialog', { name: licences.modal.add.standard });
    const ccBy = picker.getByRole('radio', {
      name: new RegExp(`^${deVocabulary.licenses['cc-by-4.0']}`),
    });
    await ccBy.waitFor();
    await picker.getByText(deVocabulary.licensedescriptions['cc-by-4.0']).waitFor();

    // "All" pages through every licence.
    const results = picker.getByRole('radiogroup', { name: licences.modal.results });
    await picker.getByText(licences.modal.tags.all, { exact: true }).click();
    await ccBy.waitFor({ state: 'detached' });
    const firstOfPage1 = await results.getByRole('radio').first().getAttribute('value');
    const secondPage = de.search.pagination.page.replace('{{page}}', '2');
    await picker.getByRole('button', { name: secondPage }).click();
    await results.locator(`input[value="${firstOfPage1}"]`).waitFor({ state: 'detached' });
    expect(await results.getByRole('radio').count()).toBe(12);
    // A search looks through all of them (zlib is not recommended).
    await picker.getByText(licences.modal.tags.recommended, { exact: true }).click();
    await picker.getByRole('textbox', { name: licences.modal.search }).fill('zlib');
    await picker.getByRole('radio', { name: /^zlib License/ }).waitFor();

    await picker.getByRole('textbox', { name: licences.modal.search }).fill('');
    await picker.getByText(licences.modal.tags.recommended, { exact: true }).click();
    await ccBy.click();
    await picker.getByRole('button', { name: licences.modal.submit.add, exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    const item = page.getByTestId('license-item');
    await item.getByText(deVocabulary.licenses['cc-by-4.0'], { exact: true }).waitFor();

    // Back to English, for whoever logs in next.
    await page.getByRole('banner').getByRole('button', { name: de.header.language }).click();
    await page.getByRole('menuitem', { name: LANGUAGE_NAMES.en, exact: true }).click();
    await item
      .getByText('Creative Commons Attribution 4.0 International', { exact: true })
      .waitFor();
    await page.context().close();
  });
});
