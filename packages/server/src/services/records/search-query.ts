import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { drafts, records } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { QuerySyntaxError, parseQuery, type QueryNode } from '../../search/query-parser.ts';
import type { DraftRow, RecordRow } from './repository.ts';
import { fieldCondition, rangeCondition } from './field-conditions.ts';

/*
 * The SQL of a record search: the query's conditions, the orderings, the
 * facet filters and counts. The search service (search.service.ts) runs them.
 */

export const RECORD_SORTS = [
  'bestmatch',
  'newest',
  'oldest',
  'version',
  'updated-desc',
  'updated-asc',
  'mostviewed',
  'mostdownloaded',
] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export const RECORD_FACETS = ['resource_type', 'access_status', 'file_type'] as const;

export interface RecordSearchParams {
  q?: string | undefined;
  sort?: RecordSort | undefined;
  page: number;
  size: number;
  allVersions?: boolean | undefined;
  /** Deleted records too, for those who may read them (`include_deleted`); ignored for others. */
  includeDeleted?: boolean | undefined;
  facets: Record<string, string[]>;
  /** Hits with their owner and review receiver (`expand=true`). */
  expand?: boolean | undefined;
}

export type Table = typeof records | typeof drafts;

function textCondition(table: Table, value: string, phrase: boolean, prefix: boolean): SQL {
  const words = value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return sql`TRUE`;
  const query = words
    .map((word) => word.replace(/'/g, "''"))
    .map((word, i) => `'${word}'${prefix && i === words.length - 1 ? ':*' : ''}`);
  const tsquery = query.join(phrase ? ' <-> ' : ' & ');
  return sql`${table.searchVector} @@ to_tsquery('simple', ${tsquery})`;
}

export function compile(table: Table, node: QueryNode): SQL {
  switch (node.kind) {
    case 'all':
      return sql`TRUE`;
    case 'and':
      return sql`(${sql.join(
        node.children.map((child) => compile(table, child)),
        sql` AND `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        node.children.map((child) => compile(table, child)),
        sql` OR `,
      )})`;
    case 'not':
      return sql`NOT (${compile(table, node.child)})`;
    case 'term':
      return node.field
        ? fieldCondition(table, node.field, node.value, node.phrase, node.prefix)
        : textCondition(table, node.value, node.phrase, node.prefix);
    case 'range':
      return rangeCondition(table, node.field, node.from, node.to);
  }
}

/** Words of the query for ranking: what bestmatch scores by. */
function rankingWords(node: QueryNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.flatMap(rankingWords);
    case 'term':
      return node.field
        ? []
        : node.value
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean);
    case 'not':
    case 'range':
    case 'all':
      return [];
  }
}

/** A parent's total, 0 before it was ever counted (one primary-key lookup per row). */
const parentTotal = (table: Table, column: 'unique_views' | 'unique_downloads') =>
  sql`coalesce((SELECT ${sql.raw(column)} FROM stats_totals WHERE subject_id = ${table.parentId}), 0)`;

export function ordering(table: Table, sort: RecordSort, node: QueryNode): SQL[] {
  const tieBreak = [desc(table.createdAt), asc(table.id)];
  switch (sort) {
    case 'bestmatch': {
      const words = rankingWords(node).map((word) => word.replace(/'/g, "''"));
      if (words.length === 0) return tieBreak;
      const tsquery = words.map((word) => `'${word}'`).join(' | ');
      return [
        sql`ts_rank(${table.searchVector}, to_tsquery('simple', ${tsquery})) DESC`,
        ...tieBreak,
      ];
    }
    case 'oldest':
      return [asc(table.createdAt), asc(table.id)];
    case 'version':
      return [desc(table.versionIndex), ...tieBreak];
    case 'updated-desc':
      return [desc(table.updatedAt), asc(table.id)];
    case 'updated-asc':
      return [asc(table.updatedAt), asc(table.id)];
    // As InvenioRDM: by the unique views or downloads of all versions (stats_totals of the parent).
    case 'mostviewed':
      return [sql`${parentTotal(table, 'unique_views')} DESC`, ...tieBreak];
    case 'mostdownloaded':
      return [sql`${parentTotal(table, 'unique_downloads')} DESC`, ...tieBreak];
    case 'newest':
      return tieBreak;
  }
}

/** A facet filter; facet-counts.ts applies the same filters to its counts. */
export function facetCondition(table: Table, facet: string, values: string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const list = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  switch (facet) {
    case 'resource_type':
      // A parent type selects its subtypes too (publication → publication-article...).
      return sql`(${table.resourceType} IN (${list}) OR split_part(${table.resourceType}, '-', 1) IN (${list}))`;
    case 'access_status':
      return sql`${table.accessStatus} IN (${list})`;
    case 'file_type':
      return sql`${table.fileTypes} && ARRAY[${list}]::text[]`;
    default:
      return undefined;
  }
}

export function parse(q: string | undefined): QueryNode {
  try {
    return parseQuery(q ?? '');
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw new DomainError('invalid', 'invalidQuerySyntax');
    throw error;
  }
}

export interface FacetBucket {
  key: string;
  doc_count: number;
}

/** The order of `ordering`, between rows of drafts and records merged in memory. */
export function compareRows(
  a: DraftRow | RecordRow,
  b: DraftRow | RecordRow,
  sort: RecordSort,
  /** For `mostviewed`/`mostdownloaded`: each parent's unique views or downloads. */
  parentCounts: Map<string, number> = new Map(),
): number {
  switch (sort) {
    case 'mostviewed':
    case 'mostdownloaded': {
      const count = (row: DraftRow | RecordRow) => parentCounts.get(row.parentId) ?? 0;
      return count(b) - count(a) || b.createdAt.getTime() - a.createdAt.getTime();
    }
    case 'oldest':
      return a.createdAt.getTime() - b.createdAt.getTime();
    case 'updated-asc':
      return a.updatedAt.getTime() - b.updatedAt.getTime();
    case 'updated-desc':
      return b.updatedAt.getTime() - a.updatedAt.getTime();
    case 'version':
      return b.versionIndex - a.versionIndex;
    case 'bestmatch':
    case 'newest':
      return b.createdAt.getTime() - a.createdAt.getTime();
  }
}
