import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES } from '@arca/schema';
import type { VocabularyItem, VocabularyType } from './types.ts';

/**
 * Vocabulary titles in other languages. A catalogue per locale,
 * `locales/<tag>.json`, maps `{<type>: {<id>: <title>}}` for the small
 * vocabularies a person picks from (resource types, roles, date,
 * description, title and relation types, subjects, licences), and
 * `{licensedescriptions: {<id>: <text>}}` for the licences' descriptions;
 * they are merged into the entries' `title` and `description` maps when the
 * data files are loaded, so the API answers every language from the stored
 * entry. The languages vocabulary is
 * named by the runtime's own data (Intl.DisplayNames) for the codes it
 * knows; the rest keep their English name.
 */
export type TitleCatalogue = Partial<Record<string, Record<string, string>>>;

const localesDir = new URL('./locales/', import.meta.url);

/** Every title catalogue there is, by locale, with its text (the loader hashes it). */
export function readTitleCatalogues(): Map<string, { text: string; titles: TitleCatalogue }> {
  const catalogues = new Map<string, { text: string; titles: TitleCatalogue }>();
  if (!existsSync(localesDir)) return catalogues;
  for (const file of readdirSync(localesDir).sort()) {
    if (!file.endsWith('.json')) continue;
    const text = readFileSync(new URL(file, localesDir), 'utf8');
    let titles: TitleCatalogue | undefined;
    // Parsed only when the entries are merged: a start whose vocabularies are loaded needs the text's hash alone.
    catalogues.set(file.slice(0, -'.json'.length), {
      text,
      get titles() {
        return (titles ??= JSON.parse(text) as TitleCatalogue);
      },
    });
  }
  return catalogues;
}

// Contributor roles are the creator roles (the same ids, the same titles).
const CATALOGUE_SECTION: Partial<Record<VocabularyType, string>> = {
  resourcetypes: 'resourcetypes',
  creatorsroles: 'creatorsroles',
  contributorsroles: 'creatorsroles',
  datetypes: 'datetypes',
  descriptiontypes: 'descriptiontypes',
  titletypes: 'titletypes',
  relationtypes: 'relationtypes',
  subjects: 'subjects',
  licenses: 'licenses',
  removalreasons: 'removalreasons',
};

const DESCRIPTION_SECTION: Partial<Record<VocabularyType, string>> = {
  licenses: 'licensedescriptions',
};

function titleOf(item: VocabularyItem): Record<string, string> {
  const title = item.title as Record<string, string> | undefined;
  // Subjects carry their English text as `subject`; their title map starts from it.
  if (!title && typeof item.subject === 'string') return { [DEFAULT_LOCALE]: item.subject };
  return { ...title };
}

/** A {lang: text} map with each catalogue's text for this entry merged in. */
function withTexts(
  texts: Record<string, string>,
  id: string,
  section: string,
  catalogues: ReadonlyMap<string, { titles: TitleCatalogue }>,
): Record<string, string> {
  for (const [locale, { titles }] of catalogues) {
    const text = titles[section]?.[id];
    if (text) texts[locale] = text;
  }
  return texts;
}

/** A vocabulary's entries with the titles (and descriptions) of every catalogue merged in. */
export function withCatalogueTitles(
  type: VocabularyType,
  items: VocabularyItem[],
  catalogues: ReadonlyMap<string, { titles: TitleCatalogue }>,
): VocabularyItem[] {
  const section = CATALOGUE_SECTION[type];
  if (!section) return items;
  const descriptionSection = DESCRIPTION_SECTION[type];
  return items.map((item) => {
    const localised: VocabularyItem = {
      ...item,
      title: withTexts(titleOf(item), item.id, section, catalogues),
    };
    const description = item.description as Record<string, string> | undefined;
    if (descriptionSection && description) {
      localised.description = withTexts(
        { ...description },
        item.id,
        descriptionSection,
        catalogues,
      );
    }
    return localised;
  });
}

function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * Languages named in every locale the runtime knows them in. Names equal to
 * the English one add nothing and are left out; a name is a title, so it
 * starts with a capital letter ("Allemand", not "allemand").
 */
export function withLanguageNames(items: VocabularyItem[]): VocabularyItem[] {
  const names = (locale: string) =>
    new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' });
  const english = names(DEFAULT_LOCALE);
  const others = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map(
    (locale) => [locale, names(locale)] as const,
  );
  return items.map((item) => {
    let englishName: string | undefined;
    try {
      englishName = english.of(item.id);
    } catch {
      return item; // Not a code Intl accepts.
    }
    if (!englishName) return item;
    const title = titleOf(item);
    for (const [locale, display] of others) {
      const name = display.of(item.id);
      if (name && name !== englishName && name !== title[DEFAULT_LOCALE]) {
        title[locale] = capitalise(name, locale);
      }
    }
    return { ...item, title };
  });
}
