import { sql, type SQL } from 'drizzle-orm';
import { accessStatus, effectiveAccess, type RecordDocument } from './document.ts';

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

/** The columns search, facets and sorting use, derived from the document. */
export function derivedColumns(document: RecordDocument): {
  title: string;
  resourceType: string | null;
  accessRecord: string;
  accessStatus: string;
  creatorNames: string[];
  searchVector: SQL;
} {
  const m = document.metadata;
  const resourceType = (m.resource_type as { id?: unknown } | undefined)?.id;
  const creators = [...list(m.creators), ...list(m.contributors)];
  const names = creators.map(creatorName).filter(Boolean);
  const access = effectiveAccess(document);
  // Title weighs most, then people and keywords, then descriptions.
  const weighted: [string, 'A' | 'B' | 'C'][] = [
    [[text(m.title), ...list(m.additional_titles).map((t) => text(t.title))].join(' '), 'A'],
    [
      [
        ...names,
        ...list(m.subjects).map((s) => text(s.subject) || text(s.id)),
        text(m.publisher),
      ].join(' '),
      'B',
    ],
    [
      [
        strip(text(m.description)),
        ...list(m.additional_descriptions).map((d) => strip(text(d.description))),
      ].join(' '),
      'C',
    ],
  ];
  const vector = sql.join(
    weighted.map(([value, weight]) => sql`setweight(to_tsvector('simple', ${value}), ${weight})`),
    sql` || `,
  );
  return {
    title: text(m.title),
    resourceType: typeof resourceType === 'string' ? resourceType : null,
    accessRecord: access.record,
    accessStatus: accessStatus(access),
    creatorNames: names,
    searchVector: vector,
  };
}
