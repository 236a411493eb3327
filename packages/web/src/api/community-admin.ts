import type { UserItem } from '@arca/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, apiUpload } from './client.ts';
import type { CommunityJson, CommunityPage } from './communities.ts';
import { queryKeys } from './query-keys.ts';

// The communities pages: list, creation, settings, members, invitations (API.md §5.1).

export const COMMUNITY_ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
export type CommunityRoleName = (typeof COMMUNITY_ROLES)[number];

/** The list page's answer: a page of communities and whether the caller may create one. */
export interface CommunityListPage extends CommunityPage {
  ui?: { permissions?: { can_create?: boolean } };
}

/** `/communities`: all visible communities, or the caller's, paged. */
export function useCommunityList(params: { q: string; page: number; mine: boolean; size: number }) {
  return useQuery({
    queryKey: queryKeys.communityList(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(params.page), size: String(params.size) });
      if (params.q.trim()) query.set('q', params.q.trim());
      const base = params.mine ? '/api/user/communities' : '/api/communities';
      return api.get<CommunityListPage>(`${base}?${query.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });
}

/** Whether the caller may create communities, as the server says (`ARCA_COMMUNITY_CREATION`). */
export function useCanCreateCommunity() {
  const list = useCommunityList({ q: '', page: 1, mine: false, size: 1 });
  return { ...list, canCreate: list.data?.ui?.permissions?.can_create === true };
}

/** The body of POST and PUT /api/communities. */
export interface CommunityBodyJson {
  slug: string;
  metadata: CommunityJson['metadata'];
  access?: Partial<CommunityJson['access']>;
  theme?: CommunityJson['theme'];
}

/** The body that keeps everything of a community but what `changes` replaces. */
export function bodyOf(
  community: CommunityJson,
  changes: Partial<Omit<CommunityBodyJson, 'slug'>> & { slug?: string } = {},
): CommunityBodyJson {
  return {
    slug: changes.slug ?? community.slug,
    metadata: { ...community.metadata, ...changes.metadata },
    access: { ...community.access, ...changes.access },
    theme: changes.theme ?? community.theme ?? { enabled: false },
  };
}

export const createCommunity = (body: CommunityBodyJson) =>
  api.post<CommunityJson>('/api/communities', body);

/** Saves a community; its page, header and lists read the new version. */
export function useUpdateCommunity(community: CommunityJson) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunityBodyJson) =>
      api.put<CommunityJson>(`/api/communities/${community.id}`, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.community(saved.slug), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.community(community.slug) });
    },
  });
}

export const uploadLogo = (community: CommunityJson, file: File) =>
  apiUpload<CommunityJson>(`/api/communities/${community.id}/logo`, file);

export const deleteLogo = (community: CommunityJson) =>
  api.delete(`/api/communities/${community.id}/logo`);

export interface MemberJson {
  id: string;
  role: CommunityRoleName;
  visible: boolean;
  user: UserItem;
  created: string;
}

export interface InvitationJson {
  id: string;
  role: CommunityRoleName;
  created: string;
  user: UserItem;
}

interface Hits<T> {
  hits: { hits: T[]; total: number };
}

export function useMembers(community: CommunityJson, enabled = true) {
  return useQuery({
    queryKey: queryKeys.communityMembers(community.id),
    queryFn: ({ signal }) =>
      api.get<Hits<MemberJson>>(`/api/communities/${community.id}/members`, signal),
    enabled,
  });
}

export function useInvitations(community: CommunityJson, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.communityInvitations(community.id),
    queryFn: ({ signal }) =>
      api.get<Hits<InvitationJson>>(`/api/communities/${community.id}/invitations`, signal),
    enabled,
  });
}

const members = (ids: string[]) => ids.map((id) => ({ type: 'user', id }));

/** Member changes: each refreshes the lists and the community (the caller's role may change). */
export function useMemberActions(community: CommunityJson) {
  const queryClient = useQueryClient();
  const path = `/api/communities/${community.id}`;
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.communityMembers(community.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.communityInvitations(community.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.community(community.slug) }),
    ]);
  const changeRole = useMutation({
    mutationFn: (input: { id: string; role: CommunityRoleName }) =>
      api.put(`${path}/members`, { members: members([input.id]), role: input.role }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`${path}/members`, { method: 'DELETE', body: { members: members([id]) } }),
    onSuccess,
  });
  const invite = useMutation({
    mutationFn: (input: { ids: string[]; role: CommunityRoleName; message: string }) =>
      api.post(`${path}/invitations`, {
        members: members(input.ids),
        role: input.role,
        ...(input.message.trim() ? { message: input.message } : {}),
      }),
    onSuccess,
  });
  const cancelInvitation = useMutation({
    mutationFn: (id: string) => api.post(`/api/requests/${id}/actions/cancel`),
    onSuccess,
  });
  return { changeRole, remove, invite, cancelInvitation };
}

/** Users by name or e-mail, for the invite dialog. */
export function useUserSuggestions(text: string) {
  return useQuery({
    queryKey: ['community-invitees', text],
    queryFn: async ({ signal }) =>
      (await api.get<Hits<UserItem>>(`/api/users?suggest=${encodeURIComponent(text)}`, signal)).hits
        .hits,
    enabled: text.trim().length > 0,
  });
}
