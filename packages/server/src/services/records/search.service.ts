import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, parents, records, statsTotals } from '../../db/schema.ts';
import { permissionDenied } from '../errors.ts';
import { checkWindow } from '../pagination.ts';
import { NO_RECORD } from './state.ts';
import { can, filter } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import { draftContextOf, recordContextOf, type RecordContext } from './context.ts';
import { hitReads } from './context.repository.ts';
import { draftStateColumns, recordStateColumns, sharingFromJson } from './repository.ts';
import {
  RECORD_FACETS,
  compareRows,
  compile,
  facetCondition,
  ordering,
  parse,
  type FacetBucket,
  type RecordSearchParams,
  type RecordSort,
  type Table,
} from './search-query.ts';
import type { ReadOptions, RecordView } from './view.ts';
import { countFacets, createFacetCounter } from './facet-counts.ts';
import { countHits } from './count-hits.ts';

export { RECORD_FACETS, RECORD_SORTS } from './search-query.ts';
export type { FacetBucket, RecordSearchParams, RecordSort } from './search-query.ts';

/**
 * Turns the contexts a search found into the views its hits are serialized
 * from, as single reads present them but without validating each draft
 * (records.service.ts, `presentHits`).
 */
export type HitPresenter = (
  actor: Actor,
  contexts: RecordContext[],
  options: ReadOptions,
) => Promise<RecordView[]>;

export interface SearchResult {
  hits: RecordView[];
  total: number;
  sort: RecordSort;
  aggregations: Record<string, FacetBucket[]>;
}

/**
 * Searching published records, and the caller's own drafts and records. Each
 * hit is read with its whole state (the columns of a single read, in the same
 * query) and made a record context here, so its permissions are those of a read.
 */
export function createRecordSearch(db: Database, present: HitPresenter) {
  const facets = createFacetCounter(db);

  async function run(
    table: Table,
    scope: SQL,
    params: RecordSearchParams,
    facetNames: readonly string[],
    options: { aggregations: boolean; cached: boolean },
  ) {
    checkWindow(params.page, params.size);
    const node = parse(params.q);
    const sort: RecordSort = params.sort ?? (params.q?.trim() ? 'bestmatch' : 'newest');
    const query = and(scope, compile(table, node));
    const facetFilters = facetNames.map((facet) =>
      facetCondition(table, facet, params.facets[facet] ?? []),
    );
    const where = and(query, ...facetFilters);
    const page = { limit: params.size, offset: (params.page - 1) * params.size };

    // No count in the page query: a window count makes PostgreSQL read every match.
    const [contexts, combinations] = await Promise.all([
      readPage(table, where, ordering(table, sort, node), page),
      options.aggregations && facetNames.length > 0
        ? facets.combinations(table, query, options.cached)
        : undefined,
    ]);
    if (combinations) {
      // The combinations count every match: the total is exact, at no extra cost.
      const counted = countFacets(combinations, facetNames, params.facets);
      return { contexts, total: counted.total, sort, aggregations: counted.aggregations };
    }
    const total =
      contexts.length > 0 && contexts.length < page.limit
        ? page.offset + contexts.length
        : contexts.length === 0 && page.offset === 0
          ? 0
          : await countHits(db, table, where);
    return { contexts, total, sort, aggregations: {} };
  }

  /**
   * A page of hits: the ids first, ordered and cut from the narrow rows (an index
   * scan and its LIMIT, or a top-N sort of ranks), then the whole state of those alone.
   */
  async function readPage(
    table: Table,
    where: SQL | undefined,
    order: SQL[],
    page: { limit: number; offset: number },
  ): Promise<RecordContext[]> {
    const pageIds = db
      .select({ id: table.id })
      .from(table as typeof records)
      // LEFT: dropped by PostgreSQL when the condition reads nothing of the parent.
      .leftJoin(parents, eq(parents.id, table.parentId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    if (table === drafts) {
      const rows = await db
        .select(draftStateColumns(hitReads))
        .from(drafts)
        .innerJoin(parents, eq(parents.id, drafts.parentId))
        .where(inArray(drafts.id, pageIds))
        .orderBy(...order);
      return rows.map((row) => draftContextOf({ ...row, ...sharingFromJson(row) }));
    }
    const rows = await db
      .select(recordStateColumns(hitReads))
      .from(records)
      .innerJoin(parents, eq(parents.id, records.parentId))
      .where(inArray(records.id, pageIds))
      .orderBy(...order);
    return rows.map((row) => recordContextOf({ ...row, ...sharingFromJson(row) }));
  }

  return {
    /** Facet counts kept while following the database's announcements (facet-counts.ts). */
    follow: facets.follow,
    /** Forgets kept counts: after a write, so the writer reads it back at once. */
    forget: facets.forget,

    /** Published records the actor may read; the latest versions unless all are asked for. */
    async published(actor: Actor, params: RecordSearchParams): Promise<SearchResult> {
      const deleted =
        params.includeDeleted === true && can(recordPolicy, 'canReadDeleted', actor, NO_RECORD)
          ? eq(records.deletionStatus, 'D')
          : undefined;
      // A deleted version is never the latest: only all versions need telling it apart.
      const shown = params.allVersions
        ? eq(records.deletionStatus, 'P')
        : eq(records.isLatest, true);
      const scope = and(
        filter(recordPolicy, 'canRead', actor, records),
        deleted ? or(shown, deleted) : shown,
      )!;
      const { contexts, ...result } = await run(records, scope, params, RECORD_FACETS, {
        aggregations: true,
        cached: true,
      });
      return { ...result, hits: await present(actor, contexts, { expand: params.expand }) };
    },

    /**
     * The actor's uploads: drafts and published records they own or that are
     * shared with them. A published record with an open edit draft appears once, as the draft.
     */
    async mine(
      actor: Actor,
      params: RecordSearchParams & { sharedWithMe?: boolean | undefined },
    ): Promise<SearchResult> {
      if (!can(recordPolicy, 'canSearchUserRecords', actor, NO_RECORD)) throw permissionDenied();
      // Both lists are read from their start, so the window is checked on the page asked.
      checkWindow(params.page, params.size);
      // Over each table's own parent_id: a join to every parent would be read in full.
      const scope = (table: Table) => {
        const owned = sql`${table.parentId} IN (SELECT p.id FROM ${parents} p
          WHERE p.owner_id = ${actor.identity.userId})`;
        return and(
          filter(recordPolicy, 'canListAsMine', actor, table),
          params.sharedWithMe === undefined
            ? undefined
            : params.sharedWithMe
              ? sql`NOT ${owned}`
              : owned,
        )!;
      };
      const hasRecord = sql`EXISTS (SELECT 1 FROM ${records} r WHERE r.id = ${drafts.id})`;
      const published = new Set(params.facets.is_published ?? []);
      const onlyPublished = published.has('true') && !published.has('false');
      const onlyUnpublished = published.has('false') && !published.has('true');
      // A record with an open edit draft is listed once, as the draft, to those who may
      // read drafts; a `view` grantee sees the published record instead.
      const draftReadable = filter(recordPolicy, 'canReadDraft', actor, drafts);
      const draftScope = and(
        scope(drafts),
        draftReadable,
        onlyPublished ? hasRecord : onlyUnpublished ? sql`NOT ${hasRecord}` : undefined,
      )!;
      const recordScope = and(
        scope(records),
        eq(records.isLatest, true),
        sql`(NOT EXISTS (SELECT 1 FROM ${drafts} d WHERE d.id = ${records.id}) OR NOT ${filter(recordPolicy, 'canReadDraft', actor, records)})`,
      )!;
      // Both lists are read up to the requested page, merged, then cut.
      const upTo = { ...params, page: 1, size: params.page * params.size };
      // Not kept: drafts change with every save, and these lists are the caller's own.
      const counted = { aggregations: true, cached: false };
      const [draftHits, recordHits, unpublishedCount] = await Promise.all([
        run(drafts, draftScope, upTo, RECORD_FACETS, counted),
        onlyUnpublished ? null : run(records, recordScope, upTo, RECORD_FACETS, counted),
        run(
          drafts,
          and(scope(drafts), draftReadable, sql`NOT ${hasRecord}`)!,
          { ...params, page: 1, size: 1 },
          RECORD_FACETS,
          { aggregations: false, cached: false },
        ),
      ]);
      const sort = draftHits.sort;
      const found = [...draftHits.contexts, ...(recordHits?.contexts ?? [])];
      const counts = await parentCounts(db, sort, [...new Set(found.map((c) => c.row.parentId))]);
      const merged = found.sort((a, b) => compareRows(a.row, b.row, sort, counts));
      const aggregations: Record<string, FacetBucket[]> = {};
      for (const facet of RECORD_FACETS) {
        const counts = new Map<string, number>();
        for (const bucket of [
          ...draftHits.aggregations[facet]!,
          ...(recordHits?.aggregations[facet] ?? []),
        ]) {
          counts.set(bucket.key, (counts.get(bucket.key) ?? 0) + bucket.doc_count);
        }
        aggregations[facet] = [...counts]
          .map(([key, doc_count]) => ({ key, doc_count }))
          .sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key));
      }
      const total = draftHits.total + (recordHits?.total ?? 0);
      const unpublished = unpublishedCount.total;
      aggregations.is_published = [
        { key: 'true', doc_count: total - (onlyPublished ? 0 : unpublished) },
        { key: 'false', doc_count: unpublished },
      ].filter((bucket) => bucket.doc_count > 0);
      const start = (params.page - 1) * params.size;
      const hits = merged.slice(start, start + params.size);
      return {
        hits: await present(actor, hits, { expand: params.expand }),
        total,
        sort,
        aggregations,
      };
    },
  };
}

/** The counts the sorts by views or downloads order by (stats_totals, as `ordering` reads them). */
async function parentCounts(
  db: Database,
  sort: RecordSort,
  parentIds: string[],
): Promise<Map<string, number>> {
  if ((sort !== 'mostviewed' && sort !== 'mostdownloaded') || parentIds.length === 0) {
    return new Map();
  }
  const column = sort === 'mostviewed' ? statsTotals.uniqueViews : statsTotals.uniqueDownloads;
  const rows = await db
    .select({ id: statsTotals.subjectId, count: column })
    .from(statsTotals)
    .where(inArray(statsTotals.subjectId, parentIds));
  return new Map(rows.map((row) => [row.id, row.count]));
}

export type RecordSearch = ReturnType<typeof createRecordSearch>;
