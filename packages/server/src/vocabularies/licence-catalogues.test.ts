// SPEC §3 / issue 17: every licence the deposit form offers for datasets (tag
// `data`) has a plain-language description in English and in every language
// of the catalogues, and a catalogue title is never a copy of the English one.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Licence {
  id: string;
  title: { en: string };
  description?: { en: string };
  tags: string[];
}

const licences = JSON.parse(
  readFileSync(new URL('./data/licenses.json', import.meta.url), 'utf8'),
) as Licence[];
const dataLicences = licences.filter((licence) => licence.tags.includes('data'));
const localesDir = new URL('./locales/', import.meta.url);
const catalogues = readdirSync(localesDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    locale: file.slice(0, -'.json'.length),
    texts: JSON.parse(readFileSync(new URL(file, localesDir), 'utf8')) as Partial<
      Record<string, Record<string, string>>
    >,
  }));

describe('data licences in every language', () => {
  it('has the data licences and the catalogues to check', () => {
    expect(dataLicences.length).toBeGreaterThan(70);
    expect(catalogues.length).toBeGreaterThan(30);
  });

  it('describes every data licence in English', () => {
    const missing = dataLicences.filter((licence) => !licence.description?.en);
    expect(missing.map((licence) => licence.id)).toEqual([]);
  });

  it('describes every data licence in every catalogue, in its own words', () => {
    const missing: string[] = [];
    for (const { locale, texts } of catalogues) {
      for (const licence of dataLicences) {
        const text = texts.licensedescriptions?.[licence.id];
        if (!text || text === licence.description?.en) missing.push(`${locale}:${licence.id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives no catalogue title that only repeats the English one', () => {
    const byId = new Map(licences.map((licence) => [licence.id, licence]));
    const copies: string[] = [];
    for (const { locale, texts } of catalogues) {
      for (const [id, title] of Object.entries(texts.licenses ?? {})) {
        if (title === byId.get(id)?.title.en) copies.push(`${locale}:${id}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
