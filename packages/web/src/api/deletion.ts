import type { RecordJson } from '@arca/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from './client.ts';

/** What an owner or an administrator says about a deletion (the tombstone's fields). */
export interface DeletionInput {
  removal_reason: { id: string };
  note: string;
  citation_text?: string;
  is_visible?: boolean;
  all_versions?: boolean;
}

/** The answer to an owner's request: deleted at once, or a request for the administrators. */
export interface DeletionOutcome {
  deleted: boolean;
  request: { id: string; links?: { self_html?: string } } | null;
}

const recordPath = (id: string) => `/api/records/${encodeURIComponent(id)}`;

/** After a deletion or a restore, every cached read of records is stale. */
function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useRequestDeletion(record: Pick<RecordJson, 'id'>) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (input: DeletionInput) =>
      api.post<DeletionOutcome>(`${recordPath(record.id)}/request-deletion`, input),
    onSuccess: refresh,
  });
}

/** An administrator's deletion (DELETE with the tombstone's fields). */
export function useDeleteRecord(record: Pick<RecordJson, 'id'>) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (input: DeletionInput) =>
      apiRequest<void>(`${recordPath(record.id)}/delete`, { method: 'DELETE', body: input }),
    onSuccess: refresh,
  });
}

export function useRestoreRecord(id: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: () => api.post<RecordJson>(`${recordPath(id)}/restore`),
    onSuccess: refresh,
  });
}
