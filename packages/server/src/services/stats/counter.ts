/** Pieces of COUNTER dataset reports (Code of Practice for Research Data, SUSHI JSON, release rd1). */

/** `YYYY-MM` → its first day, and the first day of the month after. */
export function monthBounds(month: string): { first: string; next: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { first: `${month}-01`, next: `${next}-01` };
}

/** The last day (`YYYY-MM-DD`) of a month `YYYY-MM`. */
export const lastDay = (month: string) =>
  new Date(Date.parse(`${monthBounds(month).next}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);

/** A month as a COUNTER period. */
export const period = (month: string) => ({
  'begin-date': `${month}-01`,
  'end-date': lastDay(month),
});

/** The header of a dataset report (`DSR`) from `begin` to `end` (`YYYY-MM`). */
export function reportHeader(site: { name: string }, begin: string, end: string, now: Date) {
  return {
    'report-name': 'dataset report',
    'report-id': 'DSR',
    release: 'rd1',
    created: now.toISOString().slice(0, 10),
    'created-by': site.name,
    'reporting-period': { 'begin-date': `${begin}-01`, 'end-date': lastDay(end) },
    'report-filters': [],
    'report-attributes': [],
    exceptions: [],
  };
}

/** The counts one performance entry reports. */
export interface MonthCounts {
  views: number;
  downloads: number;
  unique_downloads: number;
  unique_investigations: number;
}

const metric = (type: string, count: number) => ({
  'access-method': 'regular',
  'metric-type': type,
  count,
});

/** One month's performance: investigations (views and downloads) and requests (downloads). */
export const performance = (month: string, counts: MonthCounts) => ({
  period: period(month),
  instance: [
    metric('total-dataset-investigations', counts.views + counts.downloads),
    metric('unique-dataset-investigations', counts.unique_investigations),
    metric('total-dataset-requests', counts.downloads),
    metric('unique-dataset-requests', counts.unique_downloads),
  ],
});

/** A record as a report's dataset, its performance entries apart. */
export function datasetOf(
  site: { name: string; url: string },
  record: { id: string; metadata: Record<string, unknown>; doi: string | undefined },
) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    'dataset-id': [
      ...(record.doi ? [{ type: 'doi', value: record.doi }] : []),
      { type: 'uri', value: `${site.url}/records/${record.id}` },
    ],
    'dataset-title': text(record.metadata.title),
    yop: text(record.metadata.publication_date).slice(0, 4),
    platform: site.name,
    publisher: text(record.metadata.publisher) || site.name,
    'publisher-id': [{ type: 'uri', value: site.url }],
    'data-type': 'dataset',
  };
}
