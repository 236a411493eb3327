import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { apiPath } from './records.ts';
import type { RequestJson } from './requests.ts';

/** Whose storage a request asks more of: the record's (every version) or all of the user's. */
export type QuotaScope = 'record' | 'user';

/** The owner's open requests for more storage, per scope (null where none). */
export type OpenQuotaRequests = Record<QuotaScope, RequestJson | null>;

export interface QuotaIncreaseBody {
  scope: QuotaScope;
  /** The limit asked for, in bytes. */
  size: number;
  reason: string;
}

const openKey = (link: string) => ['quota-increase', link] as const;

/** `GET links.quota_increase`: what the owner already asked and is waiting for. */
export function useOpenQuotaRequests(link: string | undefined) {
  return useQuery({
    queryKey: openKey(link ?? ''),
    queryFn: ({ signal }) => api.get<OpenQuotaRequests>(apiPath(link!), signal),
    enabled: link !== undefined,
  });
}

/** `POST links.quota_increase`: a `quota-increase` request to the administrators. */
export function useAskQuotaIncrease(link: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuotaIncreaseBody) => api.post<RequestJson>(apiPath(link), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openKey(link) }),
  });
}
