import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records, statsDaily } from '../../db/schema.ts';
import { datasetOf, monthBounds, performance, reportHeader } from './counter.ts';

/**
 * The repository's COUNTER dataset report of one month (`YYYY-MM`), for Make
 * Data Count: one dataset per public, not deleted record version counted that
 * month. Restricted records are left out whoever asks: the report is public.
 */
export async function repositoryReport(
  db: Database,
  site: { name: string; url: string },
  month: string,
  now = new Date(),
) {
  const { first, next } = monthBounds(month);
  const sums = db
    .select({
      id: statsDaily.subjectId,
      views: sql<number>`sum(${statsDaily.views})::int`.as('views'),
      downloads: sql<number>`sum(${statsDaily.downloads})::int`.as('downloads'),
      unique_downloads: sql<number>`sum(${statsDaily.uniqueDownloads})::int`.as('unique_downloads'),
      unique_investigations: sql<number>`sum(${statsDaily.uniqueInvestigations})::int`.as(
        'unique_investigations',
      ),
    })
    .from(statsDaily)
    .where(
      and(eq(statsDaily.scope, 'record'), gte(statsDaily.day, first), lt(statsDaily.day, next)),
    )
    .groupBy(statsDaily.subjectId)
    .as('sums');
  const rows = await db
    .select({
      id: records.id,
      metadata: sql<Record<string, unknown>>`${records.document} -> 'metadata'`,
      doi: sql<string | null>`${records.document} #>> '{pids,doi,identifier}'`,
      views: sums.views,
      downloads: sums.downloads,
      unique_downloads: sums.unique_downloads,
      unique_investigations: sums.unique_investigations,
    })
    .from(sums)
    .innerJoin(records, eq(records.id, sums.id))
    .where(and(eq(records.accessRecord, 'public'), eq(records.deletionStatus, 'P')))
    .orderBy(asc(records.id));
  return {
    'report-header': reportHeader(site, month, month, now),
    'report-datasets': rows.map(({ id, metadata, doi, ...counts }) => ({
      ...datasetOf(site, { id, metadata: metadata ?? {}, doi: doi ?? undefined }),
      performance: [performance(month, counts)],
    })),
  };
}
