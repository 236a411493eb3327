import type { RecordJson, UsageCounts } from '@arca/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export interface MonthCounts {
  month: string;
  this_version: UsageCounts;
  all_versions: UsageCounts;
}

/** A record's views and downloads in each of the last 12 months. */
export function useRecordMonths(record: RecordJson, token: string | undefined) {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return useQuery({
    queryKey: ['record-stats-months', record.id, token ?? ''],
    enabled: record.is_published && record.stats !== undefined,
    queryFn: ({ signal }) =>
      api.get<{ months: MonthCounts[] }>(`/api/records/${record.id}/stats${query}`, signal),
  });
}
