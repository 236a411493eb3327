import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../packages/web/src/i18n/locales/en.json' with { type: 'json' };
import de from '../packages/web/src/i18n/locales/de.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/locales/ar.json' with { type: 'json' };
import ja from '../packages/web/src/i18n/locales/ja.json' with { type: 'json' };
import deVocabulary from '../packages/server/src/vocabularies/locales/de.json' with { type: 'json' };
import arVocabulary from '../packages/server/src/vocabularies/locales/ar.json' with { type: 'json' };
import jaVocabulary from '../packages/server/src/vocabularies/locales/ja.json' with { type: 'json' };
import { LANGUAGE_NAMES } from '../packages/web/src/i18n/languages.ts';
import { useE2E } from './server.ts';
import { choose, field, loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

type Catalogue = typeof en;

/** Picks a language in the header's switcher, whose label is in the language shown now. */
async function switchLanguage(page: Page, shown: Catalogue, language: keyof typeof LANGUAGE_NAMES) {
  await page.getByRole('banner').getByRole('button', { name: shown.header.language }).click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAMES[language], exact: true }).click();
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

// Each language with its own demo user: the choice is saved to the account.
const LANGUAGES = [
  { tag: 'de', web: de, vocabulary: deVocabulary, user: 'alice@demo.arca', dir: 'ltr' },
  { tag: 'ar', web: ar, vocabulary: arVocabulary, user: 'bob@demo.arca', dir: 'rtl' },
  { tag: 'ja', web: ja, vocabulary: jaVocabulary, user: 'carol@demo.arca', dir: 'ltr' },
] as const;

describe('the app in other languages', () => {
  it.each(LANGUAGES)(
    'switches to $tag in the header without losing the typed title, then publishes',
    async ({ tag, web, vocabulary, user, dir }) => {
      const page = await loggedInPage(e2e.browser, e2e.server.url, user);
      await page.goto(`${e2e.server.url}/uploads/new`);
      const title = `Soil moisture (${tag})`;
      await field(page, en.deposit.fields.title.label).fill(title);

      await switchLanguage(page, en, tag);
      expect(await page.locator('html').getAttribute('dir')).toBe(dir);
      // The form was not remounted: what was typed is still there, under the new label.
      expect(await field(page, web.deposit.fields.title.label).inputValue()).toBe(title);

      // The resource types come from the server in the new language.
      await choose(page, web.deposit.fields.resourceType.label, vocabulary.resourcetypes.dataset);
      await field(page, web.deposit.fields.publicationDate.label).fill('2026-01-15');
      await page
        .getByRole('button', { name: web.deposit.fields.creatibutors.creators.add })
        .click();
      const creator = page.getByRole('dialog');
      await creator
        .getByRole('textbox', { name: web.deposit.fields.creatibutors.familyName, exact: true })
        .fill('Curie');
      await creator
        .getByRole('textbox', { name: web.deposit.fields.creatibutors.givenNames, exact: true })
        .fill('Marie');
      await creator
        .getByRole('button', { name: web.deposit.fields.creatibutors.save, exact: true })
        .click();
      await creator.waitFor({ state: 'detached' });
      await page.getByLabel(web.deposit.access.metadataOnly).check();

      // The action, not a visibility toggle (in some languages the two read alike).
      await page
        .getByRole('button', { name: web.deposit.actions.publish, exact: true })
        .and(page.locator(':not([aria-pressed])'))
        .click();
      const confirm = page.getByRole('dialog', { name: web.deposit.publishModal.title });
      await confirm.getByText(title).waitFor();
      await confirm.getByRole('button', { name: web.deposit.actions.publish, exact: true }).click();
      await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);

      // The record page is in the language too, its resource type included.
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(vocabulary.resourcetypes.dataset, { exact: true }).first().waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(tag);

      // The choice was saved to the account.
      const me = (await (await page.request.get(`${e2e.server.url}/api/me`)).json()) as {
        preferences: { locale?: string };
      };
      expect(me.preferences.locale).toBe(tag);
      await page.context().close();
    },
  );

  it("starts in the account's language on another device", async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url, 'alice@demo.arca');
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, de.deposit.fields.title.label).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    // Back to English, for whoever logs in next.
    await switchLanguage(page, de, 'en');
    await field(page, en.deposit.fields.title.label).waitFor();
    await page.context().close();
  });
});
