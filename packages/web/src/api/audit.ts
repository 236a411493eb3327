import type { AuditEvent } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

// The audit log (API: /api/admin/audit and /api/records/{id}/access/history).

export const AUDIT_PAGE_SIZE = 20;

interface AuditHits {
  hits: { hits: AuditEvent[]; total: number };
}

/** The admin search's filters; empty strings are left out of the query. */
export interface AuditFilters {
  q: string;
  action: string;
  subject: string;
  actor: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  q: '',
  action: '',
  subject: '',
  actor: '',
  from: '',
  to: '',
};

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [key, String(value)]),
  );

export const useAuditLog = (filters: AuditFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: ({ signal }) =>
      api.get<AuditHits>(
        `/api/admin/audit?${query({ ...filters, page, size: AUDIT_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** A record's access history, for those who manage it; refreshed with the share dialog. */
export const useAccessHistory = (recordId: string, page: number) =>
  useQuery({
    queryKey: queryKeys.accessHistory(recordId, page),
    queryFn: ({ signal }) =>
      api.get<AuditHits>(
        `/api/records/${encodeURIComponent(recordId)}/access/history?${query({ page, size: AUDIT_PAGE_SIZE })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
