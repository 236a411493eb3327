import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { utcDay } from './visitor.ts';

/** Serialises aggregations across app servers (any constant no other lock uses). */
const AGGREGATION_LOCK = 0x57a75;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/*
 * COUNTER's rules, applied to one day's events:
 * - double click: a repeat by the same visitor of the same item (record, or
 *   file) within 30 seconds of the previous one is not counted (a row holds
 *   such repeats from `at` to `last_at`; it counts once, unless it continues
 *   the row before it);
 * - Range requests: one per visitor, file and hour (a download manager's parts);
 * - unique: one per visitor and hour (COUNTER's session) per record version,
 *   and per parent across its versions.
 */
const dayCounts = (day: string) => sql`
  WITH ev AS (
    SELECT kind, record_id, parent_id, visitor, bytes, ranged, at,
      date_trunc('hour', at AT TIME ZONE 'UTC')::text AS hour,
      lag(last_at) OVER (PARTITION BY kind, record_id, file_key, visitor ORDER BY at, id) AS previous,
      row_number() OVER (
        PARTITION BY kind, record_id, file_key, visitor, ranged, date_trunc('hour', at AT TIME ZONE 'UTC')
        ORDER BY at, id) AS nth
    FROM stats_events
    WHERE at >= ${day}::date AT TIME ZONE 'UTC' AND at < (${day}::date + 1) AT TIME ZONE 'UTC'
  ), counted AS (
    SELECT * FROM ev
    WHERE (previous IS NULL OR at - previous > interval '30 seconds') AND (NOT ranged OR nth = 1)
  )
  INSERT INTO stats_daily (subject_id, scope, day, views, unique_views, downloads, unique_downloads, data_volume, unique_investigations)
  SELECT subject_id, scope, ${day}::date,
    count(*) FILTER (WHERE kind = 'view'),
    count(DISTINCT visitor || hour) FILTER (WHERE kind = 'view'),
    count(*) FILTER (WHERE kind = 'download'),
    count(DISTINCT visitor || hour) FILTER (WHERE kind = 'download'),
    coalesce(sum(bytes) FILTER (WHERE kind = 'download'), 0),
    count(DISTINCT visitor || hour)
  FROM (
    SELECT record_id AS subject_id, 'record' AS scope, * FROM counted
    UNION ALL
    SELECT parent_id AS subject_id, 'parent' AS scope, * FROM counted
  ) AS subjects
  GROUP BY subject_id, scope`;

/**
 * Counts the events not counted yet: each day they fall on is counted again
 * from all of its events (so the rules see the whole day), then the totals of
 * the subjects of those days are summed again from the daily counts. Old raw
 * events and salts are dropped. One aggregation at a time (advisory lock);
 * events written meanwhile stay uncounted and are counted by the next run.
 */
export async function aggregate(
  db: Database,
  options: { eventsDays: number; now?: Date },
): Promise<{ days: string[] }> {
  const now = options.now ?? new Date();
  const days = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGGREGATION_LOCK})`);
    // Days older than the retention lose their raw events (their counts stay), first:
    // a day is only ever counted again from all of its events.
    const keepFrom = utcDay(new Date(now.getTime() - options.eventsDays * 86_400_000));
    await tx.execute(sql`DELETE FROM stats_events WHERE at < ${keepFrom}::date AT TIME ZONE 'UTC'`);
    const dirty = rowsOf<{ day: string }>(
      await tx.execute(sql`
        WITH marked AS (
          UPDATE stats_events SET aggregated = true WHERE NOT aggregated
          RETURNING (at AT TIME ZONE 'UTC')::date::text AS day)
        SELECT DISTINCT day FROM marked ORDER BY day`),
    ).map((row) => row.day);
    for (const day of dirty) {
      await tx.execute(sql`DELETE FROM stats_daily WHERE day = ${day}::date`);
      await tx.execute(dayCounts(day));
    }
    if (dirty.length > 0) {
      const list = sql.join(
        dirty.map((day) => sql`${day}::date`),
        sql`, `,
      );
      await tx.execute(sql`
        INSERT INTO stats_totals (subject_id, scope, views, unique_views, downloads, unique_downloads,
          data_volume, unique_investigations)
        SELECT subject_id, min(scope), sum(views), sum(unique_views), sum(downloads),
          sum(unique_downloads), sum(data_volume), sum(unique_investigations)
        FROM stats_daily
        WHERE subject_id IN (SELECT subject_id FROM stats_daily WHERE day IN (${list}))
        GROUP BY subject_id
        ON CONFLICT (subject_id) DO UPDATE SET
          views = excluded.views, unique_views = excluded.unique_views,
          downloads = excluded.downloads, unique_downloads = excluded.unique_downloads,
          data_volume = excluded.data_volume,
          unique_investigations = excluded.unique_investigations`);
    }
    // Yesterday's salt may still be used by an event waiting in a buffer.
    await tx.execute(
      sql`DELETE FROM stats_salts WHERE day < ${utcDay(new Date(now.getTime() - 86_400_000))}::date`,
    );
    return dirty;
  });
  return { days };
}
