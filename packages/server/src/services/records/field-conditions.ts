import { eq, sql, type SQL } from 'drizzle-orm';
import { parents, type drafts, type records } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { RangeBound } from '../../search/query-parser.ts';
import { queryRange } from './date-range.ts';
import { KEY_FIELDS, wordsOf } from './search-fields.ts';

/*
 * The condition of one field query (`field:value`, `field:[a TO b]`). Every
 * field reads an indexed column (search-fields.ts, db/schema.ts): a field
 * without one is refused, so no query scans every record's JSON.
 */

type Table = typeof records | typeof drafts;

const unknownField = (field: string) =>
  new DomainError('invalid', 'unknownSearchField', { params: { field } });

const likeEscape = (value: string) => value.replace(/[\\%_]/g, '\\$&');
const regexEscape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** A field answered from the search keys: words of a text, or a whole value. */
function keyCondition(
  table: Table,
  key: string,
  kind: 'text' | 'keyword',
  value: string,
  phrase: boolean,
  prefix: boolean,
): SQL {
  const lower = value.trim().toLowerCase();
  if (prefix) {
    // `field:*` is "has the field"; `field:web*` a word (or value) starting so: the trigram index.
    const word = kind === 'text' && lower !== '' && wordsOf(lower).join(' ') === lower;
    const start = word ? `${key}:` : `${key}=`;
    return sql`${table.searchFields} LIKE ${`%\n${likeEscape(start + lower)}%`}`;
  }
  if (kind === 'keyword') return sql`${table.searchKeys} @> ${textArray([`${key}=${lower}`])}`;
  const words = wordsOf(lower);
  if (words.length === 0) return sql`FALSE`;
  const all = sql`${table.searchKeys} @> ${textArray(words.map((word) => `${key}:${word}`))}`;
  if (!phrase || words.length === 1) return all;
  // A phrase: its words in one value of the field, in this order (the index finds the words).
  const pattern = `\n${regexEscape(`${key}=`)}[^\n]*${regexEscape(lower)}`;
  return sql`(${all} AND ${table.searchFields} ~ ${pattern})`;
}

export function fieldCondition(
  table: Table,
  field: string,
  value: string,
  phrase: boolean,
  prefix: boolean,
): SQL {
  const keyed = KEY_FIELDS.get(field);
  if (keyed) return keyCondition(table, keyed.key, keyed.kind, value, phrase, prefix);
  const pattern = `${likeEscape(value)}%`;
  switch (field) {
    case 'id':
      return prefix ? sql`${table.id} LIKE ${pattern}` : eq(table.id, value);
    case 'parent.id':
      return prefix ? sql`${table.parentId} LIKE ${pattern}` : eq(table.parentId, value);
    case 'parent.communities.ids':
      return prefix && value === ''
        ? sql`jsonb_array_length(${parents.communities} -> 'ids') > 0`
        : sql`(${parents.communities} -> 'ids') ? ${value}`;
    case 'metadata.resource_type.id':
    case 'resource_type':
      return prefix ? sql`${table.resourceType} LIKE ${pattern}` : eq(table.resourceType, value);
    case 'access.status':
      return eq(table.accessStatus, value.toLowerCase());
    case 'access.record':
      return eq(table.accessRecord, value.toLowerCase());
    case 'metadata.publication_date':
    case 'publication_date': {
      if (prefix && value === '') return sql`${table.publicationRange} IS NOT NULL`;
      const day = { value, inclusive: true };
      return rangeCondition(table, field, day, day);
    }
    default:
      throw unknownField(field);
  }
}

/** `metadata.publication_date:[2020 TO 2021]`: records whose date overlaps those days. */
export function rangeCondition(table: Table, field: string, from: RangeBound, to: RangeBound): SQL {
  if (field !== 'metadata.publication_date' && field !== 'publication_date') {
    throw KEY_FIELDS.has(field) || FIELDS_WITHOUT_RANGES.has(field)
      ? new DomainError('invalid', 'invalidQuerySyntax')
      : unknownField(field);
  }
  const range = queryRange(from, to);
  if (range === null) throw new DomainError('invalid', 'invalidQuerySyntax');
  if (range === 'empty') return sql`FALSE`;
  return sql`${table.publicationRange} && ${range}::daterange`;
}

const FIELDS_WITHOUT_RANGES = new Set([
  'id',
  'parent.id',
  'parent.communities.ids',
  'metadata.resource_type.id',
  'resource_type',
  'access.status',
  'access.record',
]);
