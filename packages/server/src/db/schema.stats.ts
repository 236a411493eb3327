// Usage statistics as COUNTER counts them: raw events, written in batches by
// each app server, and the per-day counts an aggregation job makes of them.
// Reads of statistics use the counts only, never the events.
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Views of a published record, or downloads of its file or archive, by one
 * visitor: one request, or several each within 30 seconds of the one before
 * (`at` the first, `last_at` the last), which COUNTER counts once. The
 * visitor is a hash salted with the day's salt: no address or user agent is kept.
 */
export const statsEvents = pgTable(
  'stats_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'view' or 'download'. */
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    parentId: text('parent_id').notNull(),
    visitor: text('visitor').notNull(),
    /** The file's key; '' for a view, '*' for the zip of every file. */
    fileKey: text('file_key').notNull().default(''),
    /** The size of the file downloaded (COUNTER's data volume counts whole items). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** A Range request: counted once per file and visitor session. */
    ranged: boolean('ranged').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    aggregated: boolean('aggregated').notNull().default(false),
  },
  (t) => [
    index('stats_events_at_idx').on(t.at),
    index('stats_events_pending_idx')
      .on(t.at)
      .where(sql`NOT ${t.aggregated}`),
  ],
);

const counts = {
  views: integer('views').notNull().default(0),
  uniqueViews: integer('unique_views').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  uniqueDownloads: integer('unique_downloads').notNull().default(0),
  dataVolume: bigint('data_volume', { mode: 'number' }).notNull().default(0),
  /** COUNTER's sessions with a view or a download (Make Data Count reports). */
  uniqueInvestigations: integer('unique_investigations').notNull().default(0),
};

/** Counts per day of one record version (`subject` = its id) or a parent (all versions). */
export const statsDaily = pgTable(
  'stats_daily',
  {
    subjectId: text('subject_id').notNull(),
    /** 'record' or 'parent'. */
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counts,
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.day] }), index('stats_daily_day_idx').on(t.day)],
);

/** The sums of the daily counts: what record JSON shows and the search sorts by. */
export const statsTotals = pgTable(
  'stats_totals',
  {
    subjectId: text('subject_id').primaryKey(),
    scope: text('scope').notNull(),
    ...counts,
  },
  (t) => [
    index('stats_totals_unique_views_idx').on(t.uniqueViews),
    index('stats_totals_unique_downloads_idx').on(t.uniqueDownloads),
  ],
);

/** The day's random salt of the visitor hash; dropped after the day, so hashes cannot be linked. */
export const statsSalts = pgTable('stats_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
