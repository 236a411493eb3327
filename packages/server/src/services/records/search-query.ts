import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parents, type drafts, type records } from '../../db/schema.ts';
import { DomainError } from '../errors.ts';
import { QuerySyntaxError, parseQuery, type QueryNode } from '../../search/query-parser.ts';
import type { DraftRow, RecordRow } from './repository.ts';

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
  facets: Record<string, string[]>;
  /** Hits with their owner and review receiver (`expand=true`). */
  expand?: boolean | undefined;
}

export type Table = typeof records | typeof drafts;

/** Query fields clients use (InvenioRDM's index paths) and the columns behind them. */
function fieldCondition(
  table: Table,
  field: string,
  value: string,
  phrase: boolean,
  prefix: boolean,
): SQL {
  const lower = value.toLowerCase();
  const contains = `%${lower.replace(/[\\%_]/g, '\\$&')}%`;
  switch (field) {
    case 'id':
      return eq(table.id, value);
    case 'parent.id':
      return eq(table.parentId, value);
    case 'parent.communities.ids':
      return sql`${parents.communities}->'ids' ? ${value}`;
    case 'metadata.title':
    case 'title':
      return sql`lower(${table.title}) LIKE ${contains}`;
    case 'metadata.creators.person_or_org.name':
    case 'creators':
    case 'creator':
      return phrase && !prefix
        ? sql`EXISTS (SELECT 1 FROM unnest(${table.creatorNames}) AS name WHERE lower(name) = ${lower} OR lower(name) LIKE ${contains})`
        : sql`EXISTS (SELECT 1 FROM unnest(${table.creatorNames}) AS name WHERE lower(name) LIKE ${contains})`;
    case 'metadata.resource_type.id':
    case 'resource_type':
      return sql`${table.resourceType} = ${value}`;
    case 'access.status':
      return sql`${table.accessStatus} = ${value}`;
    case 'metadata.publication_date':
      return sql`${table.document}->'metadata'->>'publication_date' LIKE ${`${value}%`}`;
    case 'pids.doi.identifier':
    case 'doi':
      return sql`lower(${table.document}->'pids'->'doi'->>'identifier') = ${lower}`;
    default:
      // Any other path: match the text anywhere in the record's JSON.
      return sql`lower(${table.document}::text) LIKE ${contains}`;
  }
}

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
    case 'all':
      return [];
  }
}

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
    // Views and downloads are not counted yet: most viewed and downloaded fall back to newest.
    case 'newest':
    case 'mostviewed':
    case 'mostdownloaded':
      return tieBreak;
  }
}

/** The columns a facet reads; on a table, or (unqualified) on the CTE of hits. */
interface FacetColumns {
  resourceType: SQL | Table['resourceType'];
  accessStatus: SQL | Table['accessStatus'];
  fileTypes: SQL | Table['fileTypes'];
}

const HIT_COLUMNS: FacetColumns = {
  resourceType: sql.raw('resource_type'),
  accessStatus: sql.raw('access_status'),
  fileTypes: sql.raw('file_types'),
};

export function facetCondition(
  table: FacetColumns,
  facet: string,
  values: string[],
): SQL | undefined {
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

/** What each facet counts, per row of the `hits` CTE. */
const KEY_OF: Record<string, SQL> = {
  resource_type: sql`resource_type`,
  access_status: sql`access_status`,
  file_type: sql`unnest(file_types)`,
};

/**
 * Facet counts follow the query and the other facets' filters, not their own
 * (post-filter): one statement, one pass over the matching rows.
 */
export async function facetCounts(
  db: Database,
  table: Table,
  query: SQL | undefined,
  facetNames: readonly string[],
  selected: Record<string, string[]>,
): Promise<Record<string, FacetBucket[]>> {
  const aggregations: Record<string, FacetBucket[]> = {};
  const parts = facetNames.map((facet) => {
    const others = facetNames
      .filter((other) => other !== facet)
      .map((other) => facetCondition(HIT_COLUMNS, other, selected[other] ?? []));
    // Facet names are our own constants, safe to inline as literals.
    return sql`SELECT ${sql.raw(`'${facet}'`)} AS facet, key, count(*)::int AS n FROM (
      SELECT ${KEY_OF[facet]} AS key FROM hits WHERE ${and(sql`TRUE`, ...others)}) AS k
      WHERE key IS NOT NULL GROUP BY key`;
  });
  const counted: unknown = await db.execute(sql`
    WITH hits AS MATERIALIZED (
      SELECT ${table.resourceType} AS resource_type, ${table.accessStatus} AS access_status,
             ${table.fileTypes} AS file_types
      FROM ${table} INNER JOIN ${parents} ON ${parents.id} = ${table.parentId}
      WHERE ${query})
    ${sql.join(parts, sql` UNION ALL `)}`);
  for (const facet of facetNames) aggregations[facet] = [];
  for (const row of (counted as { rows: { facet: string; key: string; n: number }[] }).rows) {
    aggregations[row.facet]!.push({ key: row.key, doc_count: Number(row.n) });
  }
  for (const buckets of Object.values(aggregations)) {
    buckets.sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key));
  }
  return aggregations;
}

/** The order of `ordering`, between rows of drafts and records merged in memory. */
export function compareRows(
  a: DraftRow | RecordRow,
  b: DraftRow | RecordRow,
  sort: RecordSort,
): number {
  switch (sort) {
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
    case 'mostviewed':
    case 'mostdownloaded':
      return b.createdAt.getTime() - a.createdAt.getTime();
  }
}
