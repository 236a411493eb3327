import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { utcDay } from './visitor.ts';

/** Serialises aggregations across app servers (any constant no other lock uses). */
const AGGREGATION_LOCK = 0x57a75;

/** The UTC hour an event falls in (`date_trunc` alone truncates in the session's time zone). */
const UTC_HOUR = sql`(date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const COUNTS = [
  'views',
  'unique_views',
  'downloads',
  'unique_downloads',
  'data_volume',
  'unique_investigations',
] as const;

/*
 * COUNTER's rules, applied to one hour's counted events (those marked
 * `aggregated`), with the hour before for the first rule:
 * - double click: a repeat by the same visitor of the same item (record, or
 *   file) within 30 seconds of the previous one is not counted (a row holds
 *   such repeats from `at` to `last_at`; it counts once, unless it continues
 *   the row before it);
 * - Range requests: one per visitor, file and hour (a download manager's parts);
 * - unique: one per visitor and hour (COUNTER's session) per record version,
 *   and per parent across its versions.
 * Every count is a sum over hours, so a day's counts change by what its
 * changed hours' counts change by. `sign` -1 takes an hour's counts away.
 */
const hourDelta = (hour: string, sign: 1 | -1) => sql`
  WITH ev AS (
    SELECT kind, record_id, parent_id, visitor, bytes, ranged, at,
      lag(last_at) OVER (PARTITION BY kind, record_id, file_key, visitor ORDER BY at, id) AS previous,
      row_number() OVER (
        PARTITION BY kind, record_id, file_key, visitor, ranged, at >= ${hour}::timestamptz
        ORDER BY at, id) AS nth
    FROM stats_events
    WHERE aggregated
      AND at >= ${hour}::timestamptz - interval '1 hour' AND at < ${hour}::timestamptz + interval '1 hour'
  ), counted AS (
    SELECT * FROM ev
    WHERE at >= ${hour}::timestamptz
      AND (previous IS NULL OR at - previous > interval '30 seconds') AND (NOT ranged OR nth = 1)
  )
  INSERT INTO stats_delta (subject_id, scope, day, ${sql.raw(COUNTS.join(', '))})
  SELECT subject_id, scope, (${hour}::timestamptz AT TIME ZONE 'UTC')::date,
    ${sign} * count(*) FILTER (WHERE kind = 'view'),
    ${sign} * count(DISTINCT visitor) FILTER (WHERE kind = 'view'),
    ${sign} * count(*) FILTER (WHERE kind = 'download'),
    ${sign} * count(DISTINCT visitor) FILTER (WHERE kind = 'download'),
    ${sign} * coalesce(sum(bytes) FILTER (WHERE kind = 'download'), 0),
    ${sign} * count(DISTINCT visitor)
  FROM (
    SELECT record_id AS subject_id, 'record' AS scope, * FROM counted
    UNION ALL
    SELECT parent_id AS subject_id, 'parent' AS scope, * FROM counted
  ) AS subjects
  GROUP BY subject_id, scope`;

/** Adds the deltas, summed by `key`, to `table`'s counts. */
const addDeltas = (table: 'stats_daily' | 'stats_totals', key: string, conflict: string) => {
  const sums = COUNTS.map((name) => `sum(${name})`).join(', ');
  const added = COUNTS.map((name) => `${name} = ${table}.${name} + excluded.${name}`).join(', ');
  return sql.raw(`
    INSERT INTO ${table} (subject_id, scope, ${key}${COUNTS.join(', ')})
    SELECT subject_id, min(scope), ${key}${sums} FROM stats_delta
    GROUP BY subject_id${key ? `, ${key.replace(/, $/, '')}` : ''}
    ON CONFLICT (${conflict}) DO UPDATE SET ${added}`);
};

/**
 * Counts the events not counted yet. The hours they fall on (and each next
 * hour, whose first double clicks may continue them) are counted before and
 * after their events are marked, and the days and totals move by the
 * difference: a run reads a few hours of events, however long the day. Old
 * raw events and salts are dropped. One aggregation at a time (advisory lock);
 * events written meanwhile into other hours stay unmarked for the next run.
 */
export async function aggregate(
  db: Database,
  options: { eventsDays: number; now?: Date },
): Promise<{ days: string[] }> {
  const now = options.now ?? new Date();
  const days = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AGGREGATION_LOCK})`);
    // Hours older than the retention lose their raw events; their counts stay.
    const keepFrom = utcDay(new Date(now.getTime() - options.eventsDays * 86_400_000));
    await tx.execute(sql`DELETE FROM stats_events WHERE at < ${keepFrom}::date AT TIME ZONE 'UTC'`);
    const changed = rowsOf<{ hour: string; day: string }>(
      await tx.execute(sql`
        WITH dirty AS (
          SELECT DISTINCT ${UTC_HOUR} AS hour FROM stats_events WHERE NOT aggregated),
        hours AS (SELECT hour FROM dirty UNION SELECT hour + interval '1 hour' FROM dirty)
        SELECT hour::text AS hour, (hour AT TIME ZONE 'UTC')::date::text AS day
        FROM hours ORDER BY hour`),
    );
    const hours = changed.map((row) => row.hour);
    if (hours.length === 0) return [];
    await tx.execute(sql`
      CREATE TEMPORARY TABLE stats_delta (subject_id text, scope text, day date,
        views bigint, unique_views bigint, downloads bigint, unique_downloads bigint,
        data_volume bigint, unique_investigations bigint) ON COMMIT DROP`);
    for (const hour of hours) await tx.execute(hourDelta(hour, -1));
    const list = sql.join(
      hours.map((hour) => sql`${hour}::timestamptz`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE stats_events SET aggregated = true
      WHERE NOT aggregated AND ${UTC_HOUR} IN (${list})`);
    for (const hour of hours) await tx.execute(hourDelta(hour, 1));
    await tx.execute(addDeltas('stats_daily', 'day, ', 'subject_id, day'));
    await tx.execute(addDeltas('stats_totals', '', 'subject_id'));
    // Yesterday's salt may still be used by an event waiting in a buffer.
    await tx.execute(
      sql`DELETE FROM stats_salts WHERE day < ${utcDay(new Date(now.getTime() - 86_400_000))}::date`,
    );
    return [...new Set(changed.map((row) => row.day))];
  });
  return { days };
}
