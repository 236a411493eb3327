import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { loadAuthorized } from '../records/context.ts';
import { DomainError } from '../errors.ts';
import type { StatsReader } from './reader.ts';
import { datasetOf, monthBounds, performance, reportHeader } from './counter.ts';

type Monthly = Awaited<ReturnType<StatsReader['monthly']>>[number];

/** The months from `begin` to `end` (`YYYY-MM`), both included. */
export function monthsBetween(begin: string, end: string): string[] {
  const months: string[] = [];
  for (let month = begin; month <= end && months.length < 1200;) {
    months.push(month);
    month = monthBounds(month).next.slice(0, 7);
  }
  return months;
}

const EMPTY = {
  views: 0,
  unique_views: 0,
  downloads: 0,
  unique_downloads: 0,
  data_volume: 0,
  unique_investigations: 0,
};

/**
 * What a record's statistics show beyond its JSON: months for its chart, a
 * COUNTER report for Make Data Count (DataCite's usage reports), and a CSV
 * for its managers. Each checks the record's policy first.
 */
export function createStatsReports(
  db: Database,
  reader: StatsReader,
  site: { name: string; url: string },
) {
  async function months(recordId: string, parentId: string, list: string[]) {
    const first = list[0]!;
    const until = monthBounds(list.at(-1)!).next;
    const [own, all] = await Promise.all([
      reader.monthly(recordId, `${first}-01`, until),
      reader.monthly(parentId, `${first}-01`, until),
    ]);
    const byMonth = (rows: Monthly[]) => new Map(rows.map((row) => [row.month, row]));
    const ownBy = byMonth(own);
    const allBy = byMonth(all);
    return list.map((month) => ({
      month,
      this_version: { ...EMPTY, ...ownBy.get(month), month },
      all_versions: { ...EMPTY, ...allBy.get(month), month },
    }));
  }

  return {
    /** Counts per month of a record and of all its versions, `begin` to `end` (`YYYY-MM`). */
    async monthly(actor: Actor, id: string, begin: string, end: string) {
      if (begin > end) throw new DomainError('invalid', 'invalidPeriod');
      const context = await loadAuthorized(db, actor, id, 'record', 'canReadStats');
      return months(context.id, context.parent.id, monthsBetween(begin, end));
    },

    /** The months as CSV, for who manages the record. */
    async csv(actor: Actor, id: string, begin: string, end: string): Promise<string> {
      await loadAuthorized(db, actor, id, 'record', 'canExportStats');
      const rows = await this.monthly(actor, id, begin, end);
      const fields = ['views', 'unique_views', 'downloads', 'unique_downloads', 'data_volume'];
      const lines = [['month', 'versions', ...fields].join(',')];
      for (const row of rows) {
        for (const [scope, counts] of [
          ['this', row.this_version],
          ['all', row.all_versions],
        ] as const) {
          const values = fields.map((field) => String(counts[field as keyof typeof EMPTY]));
          lines.push([row.month, scope, ...values].join(','));
        }
      }
      return `${lines.join('\r\n')}\r\n`;
    },

    /**
     * A dataset report as the COUNTER Code of Practice for Research Data has it
     * (SUSHI JSON, release rd1): one dataset, one performance entry per month.
     */
    async datasetReport(actor: Actor, id: string, begin: string, end: string, now = new Date()) {
      if (begin > end) throw new DomainError('invalid', 'invalidPeriod');
      const context = await loadAuthorized(db, actor, id, 'record', 'canReadStats');
      const rows = await months(context.id, context.parent.id, monthsBetween(begin, end));
      const { metadata, pids } = context.document;
      const record = { id: context.id, metadata, doi: pids.doi?.identifier };
      return {
        'report-header': reportHeader(site, begin, end, now),
        'report-datasets': [
          {
            ...datasetOf(site, record),
            performance: rows.map(({ month, this_version: counts }) => performance(month, counts)),
          },
        ],
      };
    },
  };
}

export type StatsReports = ReturnType<typeof createStatsReports>;
