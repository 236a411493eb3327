import type {
  AccessSettingsBody,
  GrantPermission,
  GroupItem,
  LinkPermission,
  RecordJson,
  UserItem,
} from '@arca/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { apiPath } from './records.ts';

// The share dialog's calls (SPEC §7 "Sharing", API.md §3); every path comes from the record's links.

/** A secret link (API.md §3.1). */
export interface SecretLink {
  id?: string;
  created_at: string;
  expires_at: string | null;
  permission: LinkPermission;
  description: string;
  origin?: string | null;
  token: string;
  /** Arca's caps (null: none), and the usage its managers see. */
  max_uses?: number | null;
  max_downloads?: number | null;
  one_visitor?: boolean;
  notify_first_use?: boolean;
  usage?: LinkUsage;
}

export interface LinkUsage {
  uses: number;
  downloads: number;
  /** Approximate: visitor hashes are salted per day. */
  visitors: number;
  last_used_at: string | null;
}

/** The person or group a grant is for, as `?expand=true` resolves it. */
export interface GrantSubjectView {
  id: string;
  name?: string;
  title?: string;
  username?: string | null;
  profile?: { full_name: string; affiliations: string };
  description?: string;
  is_current_user: boolean;
  links?: { self: string; avatar: string };
}

/** A grant of the users or groups listing (API.md §3.2, §3.3). */
export interface Grant {
  id: string;
  subject: { type: 'user' | 'role' | 'system_role'; id: string };
  permission: GrantPermission;
  origin?: string;
  expanded?: { subject: GrantSubjectView };
}

export type GrantKind = 'users' | 'groups';

interface Hits<T> {
  hits: { hits: T[]; total: number };
}

export interface NewLink {
  permission: LinkPermission;
  expires_at?: string;
  description?: string;
  max_uses?: number;
  max_downloads?: number;
  one_visitor?: boolean;
  notify_first_use?: boolean;
}

/** What a link's PATCH changes; a cap of null removes it. */
export interface LinkChanges {
  permission?: LinkPermission;
  max_uses?: number | null;
  max_downloads?: number | null;
  one_visitor?: boolean;
  notify_first_use?: boolean;
}

export interface NewGrants {
  subjects: { type: 'user' | 'role'; id: string }[];
  permission: GrantPermission;
  notify: boolean;
  message?: string;
}

function linkOf(record: RecordJson, key: 'access_links' | 'access_users' | 'access_groups') {
  const link = record.links[key];
  if (!link) throw new Error(`The record has no ${key} link`);
  return apiPath(link);
}

const grantsLink = (kind: GrantKind) => (kind === 'users' ? 'access_users' : 'access_groups');

export function useSecretLinks(record: RecordJson, enabled = true) {
  return useQuery({
    queryKey: queryKeys.secretLinks(record.id),
    queryFn: ({ signal }) =>
      api.get<Hits<SecretLink>>(linkOf(record, 'access_links'), signal).then((r) => r.hits.hits),
    enabled: enabled && record.links.access_links !== undefined,
  });
}

export function useGrants(record: RecordJson, kind: GrantKind, enabled = true) {
  return useQuery({
    queryKey: queryKeys.grants(record.id, kind),
    queryFn: ({ signal }) =>
      api
        .get<Hits<Grant>>(`${linkOf(record, grantsLink(kind))}?expand=true`, signal)
        .then((r) => r.hits.hits),
    enabled: enabled && record.links[grantsLink(kind)] !== undefined,
  });
}

/** Every change in the dialog refreshes the lists it shows and the record behind it. */
function useRefresh(record: RecordJson) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sharing(record.id) }),
      queryClient.invalidateQueries({ queryKey: ['record', record.id] }),
      queryClient.invalidateQueries({ queryKey: queryKeys.draft(record.id) }),
    ]);
}

export function useCreateLink(record: RecordJson) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: (link: NewLink) => api.post<SecretLink>(linkOf(record, 'access_links'), link),
    onSuccess: refresh,
  });
}

export function useUpdateLink(record: RecordJson) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & LinkChanges) =>
      api.patch<SecretLink>(`${linkOf(record, 'access_links')}/${id}`, changes),
    onSuccess: refresh,
  });
}

export function useDeleteLink(record: RecordJson) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${linkOf(record, 'access_links')}/${id}`),
    onSuccess: refresh,
  });
}

export function useUpdateGrant(record: RecordJson, kind: GrantKind) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: ({ subjectId, permission }: { subjectId: string; permission: GrantPermission }) =>
      api.patch<Grant>(`${linkOf(record, grantsLink(kind))}/${subjectId}`, { permission }),
    onSuccess: refresh,
  });
}

export function useDeleteGrant(record: RecordJson, kind: GrantKind) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: (subjectId: string) =>
      api.delete(`${linkOf(record, grantsLink(kind))}/${subjectId}`),
    onSuccess: refresh,
  });
}

export function useCreateGrants(record: RecordJson) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: ({ subjects, permission, notify, message }: NewGrants) => {
      const link = record.links.access_grants;
      if (!link) throw new Error('The record has no access_grants link');
      return api.post<unknown>(apiPath(link), {
        grants: subjects.map((subject) => ({
          subject,
          permission,
          notify,
          ...(message ? { message } : {}),
        })),
      });
    },
    onSuccess: refresh,
  });
}

/** PUT {access}: the server answers with the whole record (API.md §3.4). */
export function useUpdateAccessSettings(record: RecordJson) {
  const refresh = useRefresh(record);
  return useMutation({
    mutationFn: (settings: Required<AccessSettingsBody>) => {
      const link = record.links.access;
      if (!link) throw new Error('The record has no access link');
      return apiRequest<RecordJson>(apiPath(link), { method: 'PUT', body: settings });
    },
    onSuccess: refresh,
  });
}

/** A person or group the add-grant dialog offers. */
export type SubjectHit = UserItem | GroupItem;

/** Users (by `suggest`) or groups (by `q`) for the add-grant dialog (API.md §5.3). */
export function useSubjectSearch(kind: GrantKind, text: string) {
  return useQuery<SubjectHit[]>({
    queryKey: queryKeys.subjectSearch(kind, text),
    queryFn: async ({ signal }) => {
      const path =
        kind === 'users'
          ? `/api/users?suggest=${encodeURIComponent(text)}`
          : `/api/groups?q=${encodeURIComponent(text)}`;
      const result = await api.get<Hits<SubjectHit>>(path, signal);
      return result.hits.hits;
    },
    enabled: text.trim().length > 0,
  });
}
