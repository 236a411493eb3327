/**
 * What changed in a record's metadata and access between two versions, field
 * by field, as structured changes: the web says them in words through its
 * catalogues, so nothing here is a sentence.
 */

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface MetadataChange {
  /** The field's path in the record JSON, e.g. `metadata.creators`, `access.embargo.until`. */
  field: string;
  kind: ChangeKind;
  /** Display values: what a reader sees of the entry, already in the reader's language. */
  before?: string;
  after?: string;
}

type Json = Record<string, unknown>;
/** A list entry's identity (entries keeping it are "changed") and what a reader sees of it. */
type Item = { id: string; shown: string };

const LONG_TEXT = 300;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A title in the reader's language, else English, else any, else the id. */
function titleOf(value: unknown, lang: string): string {
  if (!isObject(value)) return str(value);
  const title = value.title;
  if (isObject(title)) {
    const text = title[lang] ?? title.en ?? Object.values(title)[0];
    if (typeof text === 'string' && text) return text;
  }
  return str(value.name) || str(value.subject) || str(value.id);
}

/** Plain text of rich text, cut to a length a sentence can carry. */
function plain(html: unknown): string {
  const text = str(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT - 1)}…` : text;
}

function personName(entry: Json): string {
  const person = isObject(entry.person_or_org) ? entry.person_or_org : {};
  const name =
    str(person.name) ||
    [str(person.family_name), str(person.given_name)].filter(Boolean).join(', ');
  return name;
}

function creatibutor(entry: Json, lang: string): Item {
  const name = personName(entry);
  const affiliations = Array.isArray(entry.affiliations)
    ? entry.affiliations.map((a) => titleOf(a, lang)).filter(Boolean)
    : [];
  const role = entry.role ? titleOf(entry.role, lang) : '';
  const extras = [role, ...affiliations].filter(Boolean).join('; ');
  return { id: name, shown: extras ? `${name} (${extras})` : name };
}

const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** How each list field's entries are identified and shown. */
const LISTS: Record<string, (entry: Json, lang: string) => Item> = {
  creators: creatibutor,
  contributors: creatibutor,
  additional_titles: (e, lang) => ({
    id: str(e.title),
    shown: joined(str(e.title), titleOf(e.type, lang)),
  }),
  additional_descriptions: (e, lang) => ({
    id: plain(e.description),
    shown: joined(plain(e.description), titleOf(e.type, lang)),
  }),
  dates: (e, lang) => ({
    id: `${titleOf(e.type, lang)}:${str(e.date)}`,
    shown: joined(str(e.date), titleOf(e.type, lang), str(e.description)),
  }),
  languages: (e, lang) => ({ id: str(e.id), shown: titleOf(e, lang) }),
  identifiers: (e) => ({ id: str(e.identifier), shown: joined(str(e.identifier), str(e.scheme)) }),
  related_identifiers: (e, lang) => ({
    id: `${str(e.identifier)}:${titleOf(e.relation_type, lang)}`,
    shown: joined(
      str(e.identifier),
      titleOf(e.relation_type, lang),
      e.resource_type ? titleOf(e.resource_type, lang) : '',
    ),
  }),
  references: (e) => ({ id: str(e.reference), shown: str(e.reference) }),
  subjects: (e, lang) => ({ id: str(e.id) || str(e.subject), shown: titleOf(e, lang) }),
  funding: (e, lang) => {
    const funder = titleOf(e.funder, lang);
    const award = isObject(e.award) ? joined(str(e.award.number), titleOf(e.award, lang)) : '';
    return {
      id: `${funder}:${isObject(e.award) ? str(e.award.number) : ''}`,
      shown: joined(funder, award),
    };
  },
  // A licence swapped for another reads "changed from … to …" (one identity for all).
  rights: (e, lang) => ({ id: 'rights', shown: titleOf(e, lang) }),
  sizes: (e) => ({ id: str(e), shown: str(e) }),
  formats: (e) => ({ id: str(e), shown: str(e) }),
};

/** Fields of one value, shown as they read. */
const SCALARS: Record<string, (value: unknown, lang: string) => string> = {
  title: str,
  resource_type: titleOf,
  publication_date: str,
  description: plain,
  publisher: str,
  version: str,
  copyright: str,
};

function scalarChange(field: string, before: string, after: string): MetadataChange[] {
  if (before === after) return [];
  if (!before) return [{ field, kind: 'added', after }];
  if (!after) return [{ field, kind: 'removed', before }];
  return [{ field, kind: 'changed', before, after }];
}

function listChanges(field: string, before: Item[], after: Item[]): MetadataChange[] {
  const changes: MetadataChange[] = [];
  const remaining = [...after];
  const removed: Item[] = [];
  for (const item of before) {
    const same = remaining.findIndex((other) => other.shown === item.shown);
    if (same >= 0) remaining.splice(same, 1);
    else removed.push(item);
  }
  for (const item of removed) {
    const sameId = remaining.findIndex((other) => other.id === item.id);
    if (sameId >= 0) {
      const [next] = remaining.splice(sameId, 1);
      changes.push({ field, kind: 'changed', before: item.shown, after: next!.shown });
    } else changes.push({ field, kind: 'removed', before: item.shown });
  }
  for (const item of remaining) changes.push({ field, kind: 'added', after: item.shown });
  return changes;
}

const items = (value: unknown, lang: string, shape: (entry: Json, lang: string) => Item) =>
  (Array.isArray(value) ? value : []).map((entry) =>
    shape(isObject(entry) ? entry : { id: entry }, lang),
  );

/** `sizes` and `formats` hold strings: each entry is its own identity. */
const asItems = (field: string, value: unknown, lang: string) =>
  field === 'sizes' || field === 'formats'
    ? (Array.isArray(value) ? value : []).map((entry) => ({ id: str(entry), shown: str(entry) }))
    : items(value, lang, LISTS[field]!);

function accessChanges(before: Json, after: Json): MetadataChange[] {
  const embargo = (access: Json) => (isObject(access.embargo) ? access.embargo : {});
  const until = (access: Json) => (embargo(access).active ? str(embargo(access).until) : '');
  return [
    ...scalarChange('access.record', str(before.record), str(after.record)),
    ...scalarChange('access.files', str(before.files), str(after.files)),
    ...scalarChange('access.embargo.until', until(before), until(after)),
    ...scalarChange(
      'access.embargo.reason',
      str(embargo(before).reason),
      str(embargo(after).reason),
    ),
  ];
}

/** The changes from `before` to `after` (enriched metadata and access), in field order. */
export function diffMetadata(
  before: { metadata: Json; access: Json },
  after: { metadata: Json; access: Json },
  lang = 'en',
): MetadataChange[] {
  const changes: MetadataChange[] = [];
  for (const [name, show] of Object.entries(SCALARS)) {
    const field = `metadata.${name}`;
    changes.push(
      ...scalarChange(field, show(before.metadata[name], lang), show(after.metadata[name], lang)),
    );
  }
  for (const name of Object.keys(LISTS)) {
    changes.push(
      ...listChanges(
        `metadata.${name}`,
        asItems(name, before.metadata[name], lang),
        asItems(name, after.metadata[name], lang),
      ),
    );
  }
  changes.push(...accessChanges(before.access, after.access));
  return changes;
}
