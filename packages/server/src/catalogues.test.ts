// The translation catalogues (issue 9): every locale file, in each of the four
// places, has exactly the English keys (plural keys per the language's plural
// categories), the same placeholders and tags, no empty text and no English
// left but names; and every language Arca offers has all four files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, errorMessages, validationMessages } from '@arca/schema';
import { mailMessages } from './mail/messages.ts';

type Tree = { [key: string]: string | Tree };

const readJson = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as unknown;

/** The English vocabulary titles, from the data files themselves. */
function englishVocabulary(): Tree {
  const dataDir = new URL('./vocabularies/data/', import.meta.url);
  const titles = (type: string) =>
    Object.fromEntries(
      (readJson(new URL(`${type}.json`, dataDir)) as Record<string, unknown>[]).map((item) => [
        item.id as string,
        (item.title as Record<string, string> | undefined)?.en ?? (item.subject as string),
      ]),
    );
  // Contributor roles share the creator roles' ids and titles.
  const types = [
    'resourcetypes',
    'creatorsroles',
    'datetypes',
    'descriptiontypes',
    'titletypes',
    'relationtypes',
    'subjects',
    'removalreasons',
  ];
  const licences = readJson(new URL('licenses.json', dataDir)) as Record<string, unknown>[];
  const english = (field: string) =>
    Object.fromEntries(
      licences
        .map((item) => [item.id as string, (item[field] as Record<string, string> | undefined)?.en])
        .filter(([, text]) => text),
    );
  return {
    ...Object.fromEntries(types.map((type) => [type, titles(type)])),
    licenses: english('title'),
    licensedescriptions: english('description'),
  };
}

const PLACES: { name: string; folder: URL; english: () => Tree; partial?: string[] }[] = [
  {
    name: 'web',
    folder: new URL('../../web/src/i18n/locales/', import.meta.url),
    english: () => readJson(new URL('../../web/src/i18n/locales/en.json', import.meta.url)) as Tree,
  },
  {
    name: 'messages',
    folder: new URL('../../schema/src/locales/', import.meta.url),
    english: () => ({ validation: validationMessages, errors: errorMessages }),
  },
  {
    name: 'mail',
    folder: new URL('./mail/locales/', import.meta.url),
    english: () => mailMessages,
  },
  {
    name: 'vocab',
    folder: new URL('./vocabularies/locales/', import.meta.url),
    english: englishVocabulary,
    // Over 700 licences: the catalogues name the ones people pick most and every data
    // licence (licence-catalogues.test.ts); the rest stay English.
    partial: ['licenses.', 'licensedescriptions.'],
  },
];

/**
 * English texts a translation may keep as they are: names, acronyms and
 * words that the languages using them borrowed from English or share with it
 * ("Software", "Version", "Poster"). Anything else identical to English is
 * taken for a text left untranslated.
 */
const SAME_AS_ENGLISH = new Set([
  // Words several languages write as English does (Dutch, Italian...).
  'Menu',
  'Community',
  'Community:',
  // Names and what is made of placeholders and names only.
  'Arca',
  'DOI {{doi}}',
  '{{section}} ({{count}})',
  '{{parent}}: {{title}}',
  '{{who}} · {{when}}',
  // Words shared with English.
  'Administration',
  'Administrator',
  'administrator',
  'Copyright',
  'Creator',
  'File',
  'Format',
  'Licence',
  'Logo',
  'Organisations',
  'Quota',
  'Record',
  'System',
  'Send invitation',
  'Upload logo',
  '{{count}} records',
  'Action',
  'Actions',
  'Active',
  'Affiliations',
  'Audio',
  'Citation',
  'Communities',
  'Conditions',
  'Curator',
  'Data',
  'Dataset',
  'Date',
  'Dates',
  'Description',
  'Details',
  'Diagram',
  'Dissertation',
  'Distributor',
  'E-mail',
  'Editor',
  'Figure',
  'Formats',
  'Image',
  'Licences',
  'Link',
  'Links ({{n}})',
  'Message',
  'Model',
  'Note',
  'Name',
  'Number',
  'Open',
  'Page {{page}}',
  'Pages',
  'Password',
  'Patent',
  'Person',
  'Photo',
  'Poster',
  'Preprint',
  'Presentation',
  'Public',
  'Spam',
  'Publication',
  'Record:',
  'Records',
  'Reference',
  'Relation',
  'Role',
  'Session',
  'Software',
  'Sponsor',
  'Standard',
  'Status',
  'Supervisor',
  'Token',
  'Type',
  'Upload',
  'Version',
  'Version {{version}}',
  'Versions',
  'Video',
  'Volume',
  'Website',
  'Website:',
  '{{count}} file, {{size}}',
]);

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flatten(value, path, out);
  }
  return out;
}

/**
 * The keys a locale must have, each with the English text it translates:
 * an English `_one`/`_other` pair becomes one key per plural category of the
 * language (i18next v4 JSON), each translating the `_other` text.
 */
function expectedKeys(english: Record<string, string>, locale: string) {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Map<string, { text: string; plural: boolean }>();
  for (const [key, text] of Object.entries(english)) {
    const plural = PLURAL.exec(key);
    if (!plural) {
      expected.set(key, { text, plural: false });
      continue;
    }
    const base = key.slice(0, -plural[0].length);
    for (const category of categories) {
      expected.set(`${base}_${category}`, {
        text: english[`${base}_other`] ?? text,
        plural: true,
      });
    }
  }
  return expected;
}

/** Interpolations, tags and nested references: what a translation must keep. */
function tokens(text: string, plural: boolean): string[] {
  return [...text.matchAll(/\{\{\s*[^}]+?\s*\}\}|<\/?[a-zA-Z0-9]+\s*\/?>|\$t\([^)]*\)/g)]
    .map((match) => match[0].replace(/\s+/g, ''))
    .filter((token) => !(plural && token === '{{count}}')) // "one" may be spelt out.
    .sort();
}

const localeFiles = (folder: URL) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((file) => file.endsWith('.json') && file !== 'en.json')
        .map((file) => file.slice(0, -'.json'.length))
        .sort()
    : [];

for (const place of PLACES) {
  describe(`${place.name} catalogues`, () => {
    const english = flatten(place.english());

    it('are for languages Arca offers', () => {
      const offered: readonly string[] = LOCALES;
      expect(localeFiles(place.folder).filter((locale) => !offered.includes(locale))).toEqual([]);
    });

    for (const locale of localeFiles(place.folder)) {
      describe(locale, () => {
        const translated = flatten(readJson(new URL(`${locale}.json`, place.folder)) as Tree);
        const expected = expectedKeys(english, locale);

        it('has exactly the English keys', () => {
          const missing = [...expected.keys()]
            .filter((key) => !(key in translated))
            .filter((key) => !place.partial?.some((prefix) => key.startsWith(prefix)));
          const extra = Object.keys(translated).filter((key) => !expected.has(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('keeps every placeholder and tag', () => {
          const differing = [...expected]
            .filter(([key]) => key in translated)
            .filter(
              ([key, { text, plural }]) =>
                tokens(text, plural).join(' ') !== tokens(translated[key]!, plural).join(' '),
            )
            .map(([key]) => key);
          expect(differing).toEqual([]);
        });

        it('has no empty text and no English left but names', () => {
          const empty = Object.keys(translated).filter((key) => !translated[key]!.trim());
          const untranslated = [...expected]
            .filter(([key, { text }]) => translated[key] === text)
            .filter(([, { text }]) => /[a-z]{3,}/.test(text) && !SAME_AS_ENGLISH.has(text))
            .map(([key]) => key);
          expect({ empty, untranslated }).toEqual({ empty: [], untranslated: [] });
        });
      });
    }
  });
}

describe('every language', () => {
  // Fails until every translation has landed in all four places.
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has its four catalogues', (locale) => {
    const missing = PLACES.filter(
      (place) => !existsSync(new URL(`${locale}.json`, place.folder)),
    ).map((place) => place.name);
    expect(missing).toEqual([]);
  });
});
