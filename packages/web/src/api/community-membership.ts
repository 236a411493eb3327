import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import type { CommunityRoleName } from './community-admin.ts';
import type { CommunityJson } from './communities.ts';
import { queryKeys } from './query-keys.ts';

// Becoming a member without being added: joining an open community, and
// invitations mailed to addresses (API.md §5.1).

export interface EmailInvitationJson {
  id: string;
  email: string;
  role: CommunityRoleName;
  created: string;
  expires_at: string;
}

/** Joins as a reader; the community (role, permissions) and its members are read again. */
export function useJoinCommunity(community: CommunityJson) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ role: string }>(`/api/communities/${community.id}/join`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.community(community.slug) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.communityMembers(community.id) }),
      ]),
  });
}

export function useEmailInvitations(community: CommunityJson, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.communityEmailInvitations(community.id),
    queryFn: ({ signal }) =>
      api.get<{ hits: { hits: EmailInvitationJson[]; total: number } }>(
        `/api/communities/${community.id}/email-invitations`,
        signal,
      ),
    enabled,
  });
}

/** Mailing invitations and withdrawing them; each refreshes the list. */
export function useEmailInvitationActions(community: CommunityJson) {
  const queryClient = useQueryClient();
  const path = `/api/communities/${community.id}/email-invitations`;
  const onSuccess = () =>
    queryClient.invalidateQueries({
      queryKey: queryKeys.communityEmailInvitations(community.id),
    });
  const invite = useMutation({
    mutationFn: (input: { emails: string[]; role: CommunityRoleName; message: string }) =>
      api.post(path, {
        emails: input.emails,
        role: input.role,
        ...(input.message.trim() ? { message: input.message } : {}),
      }),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api.delete(`${path}/${id}`),
    onSuccess,
  });
  return { invite, cancel };
}

/** Makes a mailed invitation link the signed-in user's invitation request. */
export const claimInvitation = (token: string) =>
  api.post<{ id: string; links: { self_html: string } }>('/api/community-invitations/claim', {
    token,
  });
