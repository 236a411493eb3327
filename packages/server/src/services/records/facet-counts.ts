import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { parents, type records } from '../../db/schema.ts';
import { createAnnouncedCache } from '../../db/announced-cache.ts';
import type { FacetBucket, Table } from './search-query.ts';

/*
 * Facet counts and totals from one grouped pass over the matching rows: the
 * count of each combination of facet values (a few hundred at most). Each
 * facet's buckets, and the total, are then added up here for any facet
 * filters, so a facet's counts ignore its own filter (post-filter) and a
 * click on a facet asks the database nothing new. Published searches keep
 * the combinations briefly, until a record or parent changes.
 */

/** The matches that share one value of each facet. */
export interface Combination {
  resourceType: string | null;
  accessStatus: string;
  fileTypes: string[];
  count: number;
}

/** The facet filters, as facetCondition (search-query.ts) writes them in SQL. */
const matches: Record<string, (row: Combination, values: string[]) => boolean> = {
  resource_type: (row, values) =>
    row.resourceType !== null &&
    (values.includes(row.resourceType) || values.includes(row.resourceType.split('-')[0]!)),
  access_status: (row, values) => values.includes(row.accessStatus),
  file_type: (row, values) => row.fileTypes.some((type) => values.includes(type)),
};

const keysOf: Record<string, (row: Combination) => string[]> = {
  resource_type: (row) => (row.resourceType === null ? [] : [row.resourceType]),
  access_status: (row) => [row.accessStatus],
  file_type: (row) => row.fileTypes,
};

const passes = (row: Combination, selected: Record<string, string[]>, except?: string) =>
  Object.entries(selected).every(
    ([facet, values]) =>
      facet === except || values.length === 0 || !matches[facet] || matches[facet](row, values),
  );

/** Each facet's buckets under the other facets' filters, and the hits under all of them. */
export function countFacets(
  rows: readonly Combination[],
  facetNames: readonly string[],
  selected: Record<string, string[]>,
): { aggregations: Record<string, FacetBucket[]>; total: number } {
  const aggregations: Record<string, FacetBucket[]> = {};
  for (const facet of facetNames) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (!passes(row, selected, facet)) continue;
      for (const key of keysOf[facet]?.(row) ?? []) {
        counts.set(key, (counts.get(key) ?? 0) + row.count);
      }
    }
    aggregations[facet] = [...counts]
      .map(([key, doc_count]) => ({ key, doc_count }))
      .sort((a, b) => b.doc_count - a.doc_count || a.key.localeCompare(b.key));
  }
  let total = 0;
  for (const row of rows) if (passes(row, selected)) total += row.count;
  return { aggregations, total };
}

const dialect = new PgDialect();
// Every entry is in this one group: any announced change drops them all.
const ALL = '*';

export function createFacetCounter(db: Database, options = { ttlMs: 10_000, maxEntries: 1_000 }) {
  const cache = createAnnouncedCache<Combination[]>({
    // The channel the records' and parents' triggers announce on (http/record-cache.ts).
    channel: 'arca_record_changes',
    ...options,
  });

  const inFlight = new Map<string, Promise<Combination[]>>();

  async function read(table: Table, query: SQL | undefined): Promise<Combination[]> {
    // A LEFT JOIN, not an INNER one (every row has its parent): PostgreSQL drops it
    // when the query reads nothing of the parent, and can read the facets index alone.
    const rows = await db
      .select({
        resourceType: table.resourceType,
        accessStatus: table.accessStatus,
        fileTypes: table.fileTypes,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(table as typeof records)
      .leftJoin(parents, eq(parents.id, table.parentId))
      .where(query)
      .groupBy(table.resourceType, table.accessStatus, table.fileTypes);
    return rows;
  }

  return {
    /** The combinations of facet values among the rows `query` matches; `cached` for published searches. */
    async combinations(table: Table, query: SQL | undefined, cached: boolean) {
      if (!cached || !query) return read(table, query);
      const { sql: text, params } = dialect.sqlToQuery(query);
      const key = JSON.stringify([text, params]);
      const hit = cache.get(key);
      if (hit) return hit;
      const generation = cache.generation;
      // Searches asking the same counts meanwhile wait for this read, not a read each
      // (ten at once took ten times 0.6 s); none joins a read begun before a change.
      const flight = `${generation}|${key}`;
      const pending = inFlight.get(flight);
      if (pending) return pending;
      const reading = read(table, query)
        .then((rows) => {
          cache.set(key, ALL, rows, generation);
          return rows;
        })
        .finally(() => inFlight.delete(flight));
      inFlight.set(flight, reading);
      return reading;
    },

    /** Drops every kept count (after a write this server answered: read-your-writes). */
    forget: () => cache.clear(),

    /** Keeps counts while following the database's announcements of record changes. */
    follow: (database: Pick<DatabaseHandle, 'listen'>) =>
      cache.follow({
        listen: (channel, _onMessage, onLost) =>
          database.listen(channel, () => cache.evictGroup(ALL), onLost),
      }),
  };
}

export type FacetCounter = ReturnType<typeof createFacetCounter>;
