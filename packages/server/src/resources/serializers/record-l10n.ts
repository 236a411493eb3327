import { vocabularyRefs } from '../../services/records/vocabulary-refs.ts';
import { localise } from './vocabulary.serializer.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** A vocabulary reference as the UI reads it: its id and its title in the caller's language. */
function l10n(ref: unknown, languages: readonly string[]): Json | undefined {
  if (!isObject(ref) || typeof ref.id !== 'string') return undefined;
  return { id: ref.id, title_l10n: localise(ref.title, languages) ?? ref.id };
}

function withoutEmpty(item: Json): Json {
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));
}

/**
 * The vocabulary titles of a record's metadata in the caller's language, as
 * InvenioRDM's UI serialization gives them in the `ui` block
 * (`resource_type`, `languages`, `additional_titles`...; API.md §0).
 */
export function localisedMetadata(metadata: Json, languages: readonly string[]): Json {
  const ui: Json = {};
  const resourceType = l10n(metadata.resource_type, languages);
  if (resourceType) ui.resource_type = resourceType;

  const recordLanguages = list(metadata.languages).map((ref) => l10n(ref, languages));
  if (recordLanguages.length) ui.languages = recordLanguages.filter(Boolean);

  const titles = list(metadata.additional_titles).map((item) =>
    withoutEmpty({
      title: item.title,
      type: l10n(item.type, languages),
      lang: l10n(item.lang, languages),
    }),
  );
  if (titles.length) ui.additional_titles = titles;

  const descriptions = list(metadata.additional_descriptions).map((item) =>
    withoutEmpty({
      description: item.description,
      type: l10n(item.type, languages),
      lang: l10n(item.lang, languages),
    }),
  );
  if (descriptions.length) ui.additional_descriptions = descriptions;

  const dates = list(metadata.dates).map((item) =>
    withoutEmpty({
      date: item.date,
      type: l10n(item.type, languages),
      description: item.description,
    }),
  );
  if (dates.length) ui.dates = dates;

  const related = list(metadata.related_identifiers).map((item) =>
    withoutEmpty({
      identifier: item.identifier,
      scheme: item.scheme,
      relation_type: l10n(item.relation_type, languages),
      resource_type: l10n(item.resource_type, languages),
    }),
  );
  if (related.length) ui.related_identifiers = related;

  const rights = list(metadata.rights).map((item) => licenseL10n(item, languages));
  if (rights.length) ui.rights = rights;
  return ui;
}

/** A text given as a {lang: text} map (vocabulary entries) or as plain text (custom licences). */
function text(value: unknown, languages: readonly string[]): string | undefined {
  return typeof value === 'string' ? value || undefined : localise(value, languages);
}

/** A licence with its title and description in the caller's language (SPEC §3). */
function licenseL10n(item: Json, languages: readonly string[]): Json {
  const props = isObject(item.props) ? item.props : {};
  return withoutEmpty({
    id: item.id,
    title_l10n: text(item.title, languages) ?? item.id,
    description_l10n: text(item.description, languages),
    link: item.link ?? props.url,
  });
}

/** A {lang: text} map cut down to English and the caller's languages (exact tag and base). */
function inLanguages(texts: Json, languages: readonly string[]): Json {
  const kept: Json = {};
  for (const tag of ['en', ...languages]) {
    for (const key of [tag, tag.split('-')[0] ?? tag]) {
      if (typeof texts[key] === 'string') kept[key] = texts[key];
    }
  }
  return Object.keys(kept).length > 0 ? kept : texts;
}

/**
 * The metadata with the vocabulary titles (and licence descriptions) of its
 * references in English and the caller's languages only. The vocabularies name
 * things in every language Arca speaks, which made a record's JSON seven times
 * longer; every translation stays at /api/vocabularies/{type}/{id}. The maps
 * are shared with the vocabulary cache: they are replaced, never changed.
 */
export function metadataInLanguages(metadata: Json, languages: readonly string[]): Json {
  for (const { holder } of vocabularyRefs(metadata)) {
    for (const field of ['title', 'description']) {
      const texts = holder[field];
      if (isObject(texts)) holder[field] = inLanguages(texts, languages);
    }
  }
  return metadata;
}

/** A date as a person of that language writes it in full ("15 January 2026", "2026年1月15日"). */
export function longDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
