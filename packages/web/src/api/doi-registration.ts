import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Where a DOI stands with DataCite (GET /api/records/{id}/draft/pids/doi). */
export interface DoiRegistration {
  agency: 'datacite' | 'local';
  state: 'draft' | 'registered' | 'findable' | null;
  pending: boolean;
  failed: boolean;
}

interface PidsAnswer {
  doi: { identifier: string; registration: DoiRegistration } | null;
}

/** A draft's DOI registration state; asked again while a job is still on it. */
export function useDoiRegistration(draftId: string | undefined, doi: string | undefined) {
  return useQuery({
    queryKey: queryKeys.doiRegistration(draftId ?? '', doi ?? ''),
    queryFn: ({ signal }) => api.get<PidsAnswer>(`/api/records/${draftId}/draft/pids/doi`, signal),
    enabled: Boolean(draftId && doi),
    select: (answer) => answer.doi?.registration,
    refetchInterval: (query) => (query.state.data?.doi?.registration.pending ? 5000 : false),
  });
}

/** The deposit form's words for a state (keys under deposit.fields.doi.registration). */
export function registrationKey(registration: DoiRegistration | undefined) {
  if (!registration || registration.agency === 'local') return undefined;
  if (registration.failed) return 'failed' as const;
  if (registration.pending) return 'pending' as const;
  return registration.state === 'draft' ? ('draft' as const) : ('registered' as const);
}
