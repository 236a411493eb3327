import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  const supported = ['en', 'de', 'pt-BR'];

  it('takes the first wanted language that has a catalogue', () => {
    expect(pickLanguage([undefined, 'fr', 'de', 'en'], supported)).toBe('de');
  });

  it('matches a region variant to its base language', () => {
    expect(pickLanguage(['de-CH'], supported)).toBe('de');
    expect(pickLanguage(['pt-BR'], supported)).toBe('pt-BR');
  });

  it('falls back to English', () => {
    expect(pickLanguage(['fr', null], supported)).toBe('en');
  });
});
