import { describe, expect, it } from 'vitest';
import { CITATION_LOCALES, LOCALES } from '@arca/schema';
import { findCitationStyle, searchCitationStyles } from './catalogue.ts';
import { citationLocaleXml, resolveCitationLocale } from './locales.ts';
import { renderCitation } from './render.ts';

const item = {
  id: 'abcd-1234',
  type: 'dataset',
  title: 'Soil moisture of the Alps',
  author: [{ family: 'Muster', given: 'Erika' }, { literal: 'Alpine Research Group' }],
  issued: { 'date-parts': [[2024, 3, 5]] },
  publisher: 'Arca',
  version: '1.2',
  DOI: '10.1234/abcd-1234',
  URL: 'https://doi.org/10.1234/abcd-1234',
};

const style = (id: string) => {
  const found = findCitationStyle(id);
  if (!found) throw new Error(`no style ${id}`);
  return found;
};

describe('citation styles', () => {
  it('ships the common styles', () => {
    const ids = [
      'apa',
      'harvard-cite-them-right',
      'chicago-author-date',
      'ieee',
      'vancouver',
      'modern-language-association',
      'nature',
      'science',
    ];
    for (const id of ids) expect(findCitationStyle(id)?.id).toBe(id);
    expect(style('apa')).toMatchObject({ titleShort: 'APA', format: 'author-date' });
    expect(style('ieee').format).toBe('numeric');
  });

  it('finds styles by every word of the query, the exact short name first', () => {
    expect(searchCitationStyles('apa')[0]?.id).toBe('apa');
    expect(searchCitationStyles('Chicago author').map((s) => s.id)).toContain(
      'chicago-author-date',
    );
    // Accents and case do not matter.
    expect(searchCitationStyles('ASSOCIACAO').map((s) => s.id)).toEqual([
      'associacao-brasileira-de-normas-tecnicas',
    ]);
    expect(searchCitationStyles('no such style')).toEqual([]);
    expect(searchCitationStyles('').length).toBeGreaterThan(40);
  });
});

describe('citation locales', () => {
  it('has a CSL locale for every language Arca speaks, or falls back to American English', () => {
    for (const locale of LOCALES) {
      const tag = CITATION_LOCALES[locale];
      expect(citationLocaleXml(tag), `${locale} → ${tag}`).toContain('<locale');
      expect(resolveCitationLocale(locale)).toBe(tag);
    }
    expect(CITATION_LOCALES.ga).toBe('en-US');
  });

  it('reads CSL tags in any case and with underscores; refuses others', () => {
    expect(resolveCitationLocale('de_de')).toBe('de-DE');
    expect(resolveCitationLocale('EN-GB')).toBe('en-GB');
    expect(resolveCitationLocale('zh-hant')).toBe('zh-TW');
    expect(resolveCitationLocale('xx-YY')).toBeUndefined();
    expect(resolveCitationLocale('')).toBeUndefined();
  });
});

describe('rendering', () => {
  it('formats one entry in each style', () => {
    expect(renderCitation(item, style('apa'), 'en-US')).toBe(
      'Muster, E. & Alpine Research Group. (2024). Soil moisture of the Alps (1.2) [Data set]. Arca. https://doi.org/10.1234/abcd-1234',
    );
    expect(renderCitation(item, style('ieee'), 'en-US')).toMatch(
      /^\[1\] E\. Muster and Alpine Research Group, “Soil moisture of the Alps\.”/,
    );
    expect(renderCitation(item, style('vancouver'), 'en-US')).toMatch(
      /^1\. Muster E, Alpine Research Group\. Soil moisture of the Alps/,
    );
  });

  it('uses the terms and date forms of the language', () => {
    expect(renderCitation(item, style('modern-language-association'), 'es-ES')).toContain(
      'Muster, Erika y Alpine Research Group',
    );
    expect(renderCitation(item, style('modern-language-association'), 'de-DE')).toContain(
      '5. März 2024',
    );
    expect(renderCitation(item, style('modern-language-association'), 'en-US')).toContain(
      '5 Mar. 2024',
    );
  });

  it('keeps no item of an earlier call', () => {
    renderCitation(item, style('apa'), 'en-US');
    const other = { ...item, id: 'other-0001', title: 'Another title' };
    const text = renderCitation(other, style('apa'), 'en-US');
    expect(text).toContain('Another title');
    expect(text).not.toContain('Soil moisture');
  });
});
