import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import deMessages from '../../../schema/src/locales/de.json';
import de from './locales/de.json';
import ja from './locales/ja.json';
import { switchLanguage } from './index.ts';

afterEach(() => switchLanguage('en'));

describe('switchLanguage', () => {
  it('loads the web texts and the validation and error messages of a language', async () => {
    await switchLanguage('de');
    expect(i18n.t('header.upload')).toBe(de.header.upload);
    expect(i18n.t('required', { ns: 'validation' })).toBe(deMessages.validation.required);
    expect(i18n.t('notFound', { ns: 'errors' })).toBe(deMessages.errors.notFound);
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it.each(['pt-BR', 'zh-Hans', 'zh-Hant', 'sr'])(
    'finds the catalogue of %s, a tag with a region or script',
    async (language) => {
      await switchLanguage(language);
      expect(i18n.language).toBe(language);
      expect(i18n.t('header.upload')).not.toBe('Upload');
      expect(i18n.t('required', { ns: 'validation' })).not.toBe('Missing data for required field.');
    },
  );

  it('turns the page right to left for Arabic and back', async () => {
    await switchLanguage('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await switchLanguage('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(i18n.t('header.upload')).toBe('Upload');
  });

  it('keeps the last of two overlapping switches', async () => {
    const first = switchLanguage('de');
    const second = switchLanguage('ja');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('ja');
    expect(i18n.t('header.upload')).toBe(ja.header.upload);
  });

  it('writes interpolated numbers the way the language does', async () => {
    expect(i18n.t('search.total', { count: 12345 })).toBe('12,345 results');
    await switchLanguage('de');
    expect(i18n.t('search.total', { count: 12345 })).toContain('12.345');
  });
});
