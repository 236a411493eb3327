import type { EmailChange, PasswordChange, ProfileUpdate, UserItem } from '@arca/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function updateProfile(body: ProfileUpdate): Promise<UserItem> {
  return api.patch<UserItem>('/api/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

/** Closes every other session; revokes the API tokens when asked. */
export function changePassword(body: PasswordChange): Promise<void> {
  return api.post<void>('/api/me/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

/** Mails a link to the new address; the address changes when the link is used. */
export function changeEmail(body: EmailChange): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/me/email', body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
