import { sql, type SQL } from 'drizzle-orm';
import { publicationRange } from './date-range.ts';
import { accessStatus, effectiveAccess, type RecordDocument } from './document.ts';
import { keysText, searchKeys } from './search-fields.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];

/** A person's or organisation's display name: "Family, Given" or the name. */
export function creatorName(creator: Record<string, unknown>): string {
  const who = (creator.person_or_org ?? {}) as Record<string, unknown>;
  if (text(who.name)) return text(who.name);
  const family = text(who.family_name);
  const given = text(who.given_name);
  return family && given ? `${family}, ${given}` : family || given;
}

function strip(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}

/** The texts the search vector is made of, by weight: title (A), people and keywords (B), descriptions (C). */
export function searchTexts(document: RecordDocument): [string, string, string] {
  const m = document.metadata;
  const names = [...list(m.creators), ...list(m.contributors)].map(creatorName).filter(Boolean);
  return [
    [text(m.title), ...list(m.additional_titles).map((t) => text(t.title))].join(' '),
    [
      ...names,
      ...list(m.subjects).map((s) => text(s.subject) || text(s.id)),
      text(m.publisher),
    ].join(' '),
    [
      strip(text(m.description)),
      ...list(m.additional_descriptions).map((d) => strip(text(d.description))),
    ].join(' '),
  ];
}

/** The weighted search vector of three texts (values or placeholders of a prepared statement). */
export function searchVectorOf([a, b, c]: [unknown, unknown, unknown]): SQL {
  return sql`setweight(to_tsvector('simple', ${a}), 'A') || setweight(to_tsvector('simple', ${b}), 'B') || setweight(to_tsvector('simple', ${c}), 'C')`;
}

/** The columns search, facets and sorting use, apart from the search vector. */
export function plainDerivedColumns(document: RecordDocument): {
  title: string;
  resourceType: string | null;
  accessRecord: string;
  accessStatus: string;
  creatorNames: string[];
  searchKeys: string[];
  searchFields: string;
  publicationRange: string | null;
} {
  const m = document.metadata;
  const resourceType = (m.resource_type as { id?: unknown } | undefined)?.id;
  const creators = [...list(m.creators), ...list(m.contributors)];
  const access = effectiveAccess(document);
  const keys = searchKeys(document);
  return {
    title: text(m.title),
    resourceType: typeof resourceType === 'string' ? resourceType : null,
    accessRecord: access.record,
    accessStatus: accessStatus(access),
    creatorNames: creators.map(creatorName).filter(Boolean),
    searchKeys: keys,
    searchFields: keysText(keys),
    publicationRange: publicationRange(m.publication_date),
  };
}

/** The columns search, facets and sorting use, derived from the document. */
export function derivedColumns(document: RecordDocument) {
  return { ...plainDerivedColumns(document), searchVector: searchVectorOf(searchTexts(document)) };
}
