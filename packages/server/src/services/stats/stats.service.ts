import type { StatsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { aggregate } from './aggregate.ts';
import { createStatsReader } from './reader.ts';
import { createStatsReports } from './reports.ts';
import { repositoryReport } from './repository-report.ts';
import { createRecorder, type DownloadEvent, type StatsSubject } from './recorder.ts';
import type { VisitorInput } from './visitor.ts';

export const STATS_AGGREGATE_JOB = 'stats-aggregate';

/**
 * Usage statistics (docs/statistics.md): events recorded in batches, counted
 * by a recurring job into daily counts and totals, read from those alone.
 */
export function createStatsService(
  db: Database,
  config: StatsConfig,
  options: { site: { name: string; url: string }; onError?: (error: unknown) => void },
) {
  const recorder = createRecorder(db, {
    flushMs: config.flushMs,
    onError: options.onError ?? (() => undefined),
  });
  // Totals change only when counted: kept no longer than between two aggregations.
  const reader = createStatsReader(db, { ttlMs: Math.min(config.aggregateMs, 60_000) });
  const reports = createStatsReports(db, reader, options.site);
  return {
    enabled: config.enabled,
    view(subject: StatsSubject, visitor: VisitorInput) {
      if (config.enabled) recorder.view(subject, visitor);
    },
    download(event: DownloadEvent, visitor: VisitorInput) {
      if (config.enabled) recorder.download(event, visitor);
    },
    /** Writes the buffered events (on an interval, and on close). */
    flush: () => recorder.flush(),
    /** Writes this server's events, then counts every server's. */
    async aggregate(now?: Date) {
      await recorder.flush();
      const result = await aggregate(db, {
        eventsDays: config.eventsDays,
        ...(now ? { now } : {}),
      });
      reader.forget();
      return result;
    },
    ofRecord: reader.ofRecord,
    ofRecords: reader.ofRecords,
    forget: reader.forget,
    /** Months, reports and CSV of one record, for who may read (export: manage) it. */
    reports,
    /** The repository's COUNTER report of one month (`YYYY-MM`): its public records. */
    repositoryReport: (month: string, now?: Date) => repositoryReport(db, options.site, month, now),
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
