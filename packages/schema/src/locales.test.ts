import { describe, expect, it } from 'vitest';
import { LOCALES, localeCandidates, matchLocale, textDirection } from './locales.ts';

describe('matchLocale', () => {
  it('offers forty languages, English first', () => {
    expect(LOCALES).toHaveLength(40);
    expect(LOCALES[0]).toBe('en');
  });

  it('finds a region or script variant under the language we have', () => {
    expect(matchLocale(['de-CH'], LOCALES)).toBe('de');
    expect(matchLocale(['pt-BR'], LOCALES)).toBe('pt-BR');
    expect(matchLocale(['pt-PT'], LOCALES)).toBe('pt');
    expect(matchLocale(['pt'], LOCALES)).toBe('pt');
    expect(matchLocale(['zh-TW'], LOCALES)).toBe('zh-Hant');
    expect(matchLocale(['zh-HK'], LOCALES)).toBe('zh-Hant');
    expect(matchLocale(['zh-CN'], LOCALES)).toBe('zh-Hans');
    expect(matchLocale(['zh'], LOCALES)).toBe('zh-Hans');
    expect(matchLocale(['sr-Latn-RS'], LOCALES)).toBe('sr');
  });

  it('ignores case, canonicalises old codes and reads Norwegian as Bokmål', () => {
    expect(matchLocale(['ZH-hant-tw'], LOCALES)).toBe('zh-Hant');
    expect(matchLocale(['iw'], LOCALES)).toBe('he');
    expect(matchLocale(['no'], LOCALES)).toBe('nb');
    expect(matchLocale(['nn-NO'], LOCALES)).toBe('nb');
  });

  it('takes the wanted languages in order and skips what it cannot read', () => {
    expect(matchLocale([undefined, 'not a tag', 'tlh', 'ja-JP', 'de'], LOCALES)).toBe('ja');
    expect(matchLocale(['tlh', null], LOCALES)).toBeUndefined();
    expect(matchLocale(['pt-PT'], ['en', 'pt-BR'])).toBeUndefined();
  });

  it('lists the candidates most specific first', () => {
    expect(localeCandidates('zh-TW')).toEqual(['zh-TW', 'zh-Hant', 'zh']);
    expect(localeCandidates('pt-PT')).toEqual(['pt-PT', 'pt-Latn', 'pt']);
    expect(localeCandidates('*')).toEqual([]);
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic, Persian and Hebrew only', () => {
    expect(LOCALES.filter((locale) => textDirection(locale) === 'rtl')).toEqual(['ar', 'fa', 'he']);
    expect(textDirection('ar-EG')).toBe('rtl');
  });
});
