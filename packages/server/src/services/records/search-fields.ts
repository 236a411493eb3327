import { creatorName } from './derived.ts';

/*
 * The fields of a record that field queries (`metadata.subjects.subject:x`)
 * reach, as keys in one array column with a GIN index: `key=value` for a
 * whole value, and `key:word` for each word of a text value, all lower-cased
 * (case-insensitive, as InvenioRDM's analysed fields). The same keys, one per
 * line, are in a text column with a trigram index for prefixes (`web*`).
 */

/** How a field is matched: words of a text, or the whole value (identifiers). */
export type KeyKind = 'text' | 'keyword';

interface KeyField {
  key: string;
  kind: KeyKind;
}

const text = (key: string): KeyField => ({ key, kind: 'text' });
const keyword = (key: string): KeyField => ({ key, kind: 'keyword' });

const PEOPLE = (path: string, key: string): [string, KeyField][] => [
  [`${path}.person_or_org.name`, text(`${key}.name`)],
  [`${path}.person_or_org.family_name`, text(`${key}.family`)],
  [`${path}.person_or_org.given_name`, text(`${key}.given`)],
  [`${path}.person_or_org.identifiers.identifier`, keyword(`${key}.id`)],
  [`${path}.affiliations.name`, text(`${key}.affiliation`)],
];

/** InvenioRDM's index paths (and the short names clients use) answered from the keys. */
export const KEY_FIELDS: ReadonlyMap<string, KeyField> = new Map([
  ['metadata.title', text('title')],
  ['title', text('title')],
  ...PEOPLE('metadata.creators', 'creator'),
  ['creators', text('creator.name')],
  ['creator', text('creator.name')],
  ...PEOPLE('metadata.contributors', 'contributor'),
  ['metadata.subjects.subject', text('subject')],
  ['subjects', text('subject')],
  ['metadata.subjects.id', keyword('subject.id')],
  ['metadata.publisher', text('publisher')],
  ['metadata.languages.id', keyword('language')],
  ['metadata.rights.id', keyword('rights')],
  ['metadata.identifiers.identifier', keyword('identifier')],
  ['metadata.related_identifiers.identifier', keyword('related')],
  ['pids.doi.identifier', keyword('doi')],
  ['doi', keyword('doi')],
]);

/** Words as the free-text search splits them: letters and digits. */
export function wordsOf(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];

/** The keys of a record's document, without duplicates. */
export function searchKeys(document: {
  metadata: Record<string, unknown>;
  pids?: unknown;
}): string[] {
  const keys = new Set<string>();
  const add = (field: KeyField, value: string) => {
    const lower = value.trim().toLowerCase();
    if (!lower) return;
    keys.add(`${field.key}=${lower}`);
    if (field.kind === 'text') for (const word of wordsOf(lower)) keys.add(`${field.key}:${word}`);
  };
  const m = document.metadata;
  add(text('title'), str(m.title));
  for (const [list, key] of [
    [m.creators, 'creator'],
    [m.contributors, 'contributor'],
  ] as const) {
    for (const person of objects(list)) {
      const who = (person.person_or_org ?? {}) as Record<string, unknown>;
      add(text(`${key}.name`), creatorName(person));
      add(text(`${key}.family`), str(who.family_name));
      add(text(`${key}.given`), str(who.given_name));
      for (const id of objects(who.identifiers)) add(keyword(`${key}.id`), str(id.identifier));
      for (const a of objects(person.affiliations)) add(text(`${key}.affiliation`), str(a.name));
    }
  }
  for (const subject of objects(m.subjects)) {
    add(text('subject'), str(subject.subject));
    add(keyword('subject.id'), str(subject.id));
  }
  add(text('publisher'), str(m.publisher));
  for (const language of objects(m.languages)) add(keyword('language'), str(language.id));
  for (const rights of objects(m.rights)) add(keyword('rights'), str(rights.id));
  for (const id of objects(m.identifiers)) add(keyword('identifier'), str(id.identifier));
  for (const id of objects(m.related_identifiers)) add(keyword('related'), str(id.identifier));
  const doi = ((document.pids ?? {}) as Record<string, { identifier?: unknown }>).doi;
  add(keyword('doi'), str(doi?.identifier));
  return [...keys];
}

/** The keys one per line, each line framed by newlines, for prefix matches. */
export function keysText(keys: readonly string[]): string {
  return keys.length === 0 ? '' : `\n${keys.join('\n')}\n`;
}
