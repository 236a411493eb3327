import { LOCALES } from '@arca/schema/locales';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  const supported = ['en', 'de', 'pt-BR', 'zh-Hant'];

  it('takes the first wanted language that has a catalogue', () => {
    expect(pickLanguage([undefined, 'fr', 'de', 'en'], supported)).toBe('de');
  });

  it('matches a region or script variant to the catalogue standing for it', () => {
    expect(pickLanguage(['de-CH'], supported)).toBe('de');
    expect(pickLanguage(['pt-BR'], supported)).toBe('pt-BR');
    expect(pickLanguage(['zh-TW'], supported)).toBe('zh-Hant');
  });

  it('falls back to English', () => {
    expect(pickLanguage(['fr', null], supported)).toBe('en');
  });
});

describe('LANGUAGE_NAMES', () => {
  it('names every language in itself', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(LANGUAGE_NAMES[locale]).not.toBe('');
  });
});
