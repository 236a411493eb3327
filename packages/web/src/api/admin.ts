import type { UserItem } from '@arca/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

/** The admin pages' reads (`/api/admin/...`), all under one key so any change refreshes them. */
const adminKey = (...parts: unknown[]) => ['admin', ...parts];

export interface Hits<T> {
  hits: { hits: T[]; total: number };
}
export interface AdminStats {
  users: number;
  records: number;
  files: number;
  storage_bytes: number;
  open_requests: number;
  failed_jobs: number;
  queued_jobs: number;
}
export interface AdminRecord {
  id: string;
  title: string;
  status: 'draft' | 'published' | 'deleted';
  access: string;
  owner: string | null;
  updated: string;
}
export interface Quota {
  max_drafts: number;
  max_bytes: number;
  used_bytes: number;
  open_drafts: number;
}
export interface RecordQuota {
  max_files: number;
  max_bytes: number;
}
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  created: string;
}
export interface Job {
  id: string;
  kind: string;
  attempts: number;
  error: string | null;
  run_at: string;
}
export interface DoiFailure {
  doi: string;
  object_id: string;
  error: string | null;
  updated: string | null;
}
export interface Group {
  id: string;
  title: string;
  members_count?: number;
}

/** A stored object the fixity check found changed or missing, and the files holding it. */
export interface FixityFailure {
  object_id: string;
  failed: string;
  files: { record_id: string; draft: boolean; key: string }[];
}

const PAGE = 20;
const list = <T>(path: string, params: Record<string, string | number>) =>
  api.get<Hits<T>>(`${path}?${new URLSearchParams({ size: String(PAGE), ...params })}`);

function useAdminQuery<T>(parts: unknown[], fetch: () => Promise<T>, enabled = true) {
  return useQuery({
    queryKey: adminKey(...parts),
    queryFn: fetch,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const ADMIN_PAGE_SIZE = PAGE;
export const useAdminStats = () =>
  useAdminQuery(['stats'], () => api.get<AdminStats>('/api/admin/stats'));
export const useAdminUsers = (q: string, page: number) =>
  useAdminQuery(['users', q, page], () => list<UserItem>('/api/admin/users', { q, page }));
export const useAdminRecords = (q: string, page: number) =>
  useAdminQuery(['records', q, page], () => list<AdminRecord>('/api/admin/records', { q, page }));
export const useUserQuota = (id: string | null) =>
  useAdminQuery(['quota', id], () => api.get<Quota>(`/api/admin/users/${id}/quota`), id !== null);
export const useRecordQuota = (id: string | null) =>
  useAdminQuery(
    ['record-quota', id],
    () => api.get<RecordQuota>(`/api/admin/records/${encodeURIComponent(id!)}/quota`),
    id !== null,
  );
export const useOutbox = (page: number) =>
  useAdminQuery(['outbox', page], () => list<OutboxMail>('/api/admin/outbox', { page }));
export const useJobs = (failed: boolean, page: number) =>
  useAdminQuery(['jobs', failed, page], () =>
    list<Job>('/api/admin/jobs', { page, ...(failed ? { failed: 'true' } : {}) }),
  );
export const useDoiFailures = () =>
  useAdminQuery(['dois'], () => list<DoiFailure>('/api/admin/doi-registrations', { page: 1 }));
export const useFixityFailures = () =>
  useAdminQuery(['fixity'], () => list<FixityFailure>('/api/admin/fixity-failures', { page: 1 }));
export const useGroups = (q: string) =>
  useAdminQuery(['groups', q], () => list<Group>('/api/groups', { q, page: 1 }));
export const useGroupMembers = (id: string | null) =>
  useAdminQuery(
    ['members', id],
    () => api.get<Hits<UserItem>>(`/api/admin/groups/${encodeURIComponent(id!)}/members`),
    id !== null,
  );

/** Any admin change: refresh every admin read (and the records, which deletion changes). */
export function useAdminMutation<V, R = unknown>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const adminApi = {
  updateUser: (id: string, changes: Record<string, unknown>) =>
    api.patch<UserItem>(`/api/admin/users/${id}`, changes),
  setUserQuota: (id: string, quota: { max_drafts: number | null; max_bytes: number | null }) =>
    api.put<Quota>(`/api/admin/users/${id}/quota`, quota),
  setRecordQuota: (id: string, quota: RecordQuota) =>
    api.put<RecordQuota>(`/api/admin/records/${encodeURIComponent(id)}/quota`, quota),
  createGroup: (name: string, title: string) =>
    api.post<Group>('/api/admin/groups', { name, ...(title ? { title } : {}) }),
  addMember: (group: string, user: string) =>
    api.put<void>(`/api/admin/groups/${encodeURIComponent(group)}/members/${user}`, undefined),
  removeMember: (group: string, user: string) =>
    api.delete(`/api/admin/groups/${encodeURIComponent(group)}/members/${user}`),
  retryJob: (id: string) => api.post<Job>(`/api/admin/jobs/${id}/retry`),
  retryDoi: (doi: string) => api.post<DoiFailure>('/api/admin/doi-registrations/retry', { doi }),
};
