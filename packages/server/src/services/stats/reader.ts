import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { statsDaily, statsTotals } from '../../db/schema.ts';
import type { StatsSubject } from './recorder.ts';

/** InvenioRDM's counts of one version or of all versions. */
export interface Counts {
  views: number;
  unique_views: number;
  downloads: number;
  unique_downloads: number;
  data_volume: number;
}

/** A record's `stats` in its JSON (InvenioRDM). */
export interface RecordStats {
  this_version: Counts;
  all_versions: Counts;
}

export const ZERO: Counts = {
  views: 0,
  unique_views: 0,
  downloads: 0,
  unique_downloads: 0,
  data_volume: 0,
};

const countColumns = {
  views: statsTotals.views,
  unique_views: statsTotals.uniqueViews,
  downloads: statsTotals.downloads,
  unique_downloads: statsTotals.uniqueDownloads,
  data_volume: statsTotals.dataVolume,
};

/**
 * Reads the totals (never the raw events). They change only when an aggregation
 * runs, so each app server keeps them for a while (`ttlMs`): past it, the kept
 * counts still answer while one query fetches them again, so a read waits for
 * the database only the first time a record is asked for, and callers asking
 * at once share one query. A server forgets them all when it aggregates itself.
 */
export function createStatsReader(db: Database, options: { ttlMs: number; maxEntries?: number }) {
  const kept = new Map<string, { counts: Counts; until: number }>();
  const loading = new Map<string, Promise<void>>();
  const max = options.maxEntries ?? 50_000;

  function load(ids: string[]): Promise<void> {
    const query = db
      .select({ id: statsTotals.subjectId, ...countColumns })
      .from(statsTotals)
      .where(inArray(statsTotals.subjectId, ids))
      .then((rows) => {
        const byId = new Map(rows.map(({ id, ...counts }) => [id, counts]));
        if (kept.size + ids.length > max) kept.clear();
        const until = Date.now() + options.ttlMs;
        for (const id of ids) kept.set(id, { counts: byId.get(id) ?? ZERO, until });
      })
      .finally(() => ids.forEach((id) => loading.delete(id)));
    ids.forEach((id) => loading.set(id, query));
    return query;
  }

  async function totals(ids: string[]): Promise<Map<string, Counts>> {
    const now = Date.now();
    const unique = [...new Set(ids)];
    const missing: string[] = [];
    const stale: string[] = [];
    for (const id of unique) {
      const entry = kept.get(id);
      if (loading.has(id)) continue;
      if (!entry) missing.push(id);
      else if (entry.until <= now) stale.push(id);
    }
    // Refreshed in the background; a failure leaves the kept counts for the next try.
    if (stale.length > 0) load(stale).catch(() => undefined);
    if (missing.length > 0) void load(missing);
    const waiting = new Set<Promise<void>>();
    for (const id of unique) {
      const query = kept.has(id) ? undefined : loading.get(id);
      if (query) waiting.add(query);
    }
    await Promise.all(waiting);
    return new Map(unique.map((id) => [id, kept.get(id)?.counts ?? ZERO]));
  }

  /** The `stats` of each subject, in one query for those not kept. */
  async function ofRecords(subjects: StatsSubject[]): Promise<Map<string, RecordStats>> {
    const counts = await totals(subjects.flatMap((s) => [s.recordId, s.parentId]));
    return new Map(
      subjects.map((s) => [
        s.recordId,
        {
          this_version: counts.get(s.recordId) ?? ZERO,
          all_versions: counts.get(s.parentId) ?? ZERO,
        },
      ]),
    );
  }

  return {
    ofRecords,
    ofRecord: async (subject: StatsSubject): Promise<RecordStats> => {
      const map = await ofRecords([subject]);
      return map.get(subject.recordId) ?? { this_version: ZERO, all_versions: ZERO };
    },
    /** Counts per month (`YYYY-MM`) of one subject, days from `from` up to `until` (excluded). */
    monthly: async (subjectId: string, from: string, until: string) => {
      const month = sql<string>`to_char(${statsDaily.day}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month,
          views: sql<number>`sum(${statsDaily.views})::int`,
          unique_views: sql<number>`sum(${statsDaily.uniqueViews})::int`,
          downloads: sql<number>`sum(${statsDaily.downloads})::int`,
          unique_downloads: sql<number>`sum(${statsDaily.uniqueDownloads})::int`,
          data_volume: sql<number>`sum(${statsDaily.dataVolume})::float8`,
          unique_investigations: sql<number>`sum(${statsDaily.uniqueInvestigations})::int`,
        })
        .from(statsDaily)
        .where(
          and(
            eq(statsDaily.subjectId, subjectId),
            gte(statsDaily.day, from),
            lt(statsDaily.day, until),
          ),
        )
        .groupBy(month)
        .orderBy(month);
      return rows;
    },
    forget: () => kept.clear(),
  };
}

export type StatsReader = ReturnType<typeof createStatsReader>;
