import type { SignInEmail, SignInMethods } from '@arca/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client.ts';
import { leaveSite } from './session.ts';
import { queryKeys } from './query-keys.ts';

export function useSignInMethods() {
  return useQuery({
    queryKey: queryKeys.identities,
    queryFn: ({ signal }) => api.get<SignInMethods>('/api/me/identities', signal),
  });
}

/** Linking goes through the provider: the answer is where to send the browser. */
export function useLinkIdentity() {
  return useMutation({
    mutationFn: (provider: string) =>
      api.post<{ location: string }>(`/api/me/identities/${encodeURIComponent(provider)}`),
    onSuccess: ({ location }) => leaveSite.to(location),
  });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) =>
      api.delete(`/api/me/identities/${encodeURIComponent(provider)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.identities }),
  });
}

/** A first sign-in waiting for an address in this browser; null when there is none (any more). */
export function usePendingSignIn() {
  return useQuery({
    queryKey: queryKeys.pendingSignIn,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<{ provider: string; full_name: string }>(
          '/api/auth/pending-sign-in',
          signal,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** Mails the address a link that finishes the sign-in. */
export function useGiveSignInAddress() {
  return useMutation({
    mutationFn: (body: SignInEmail) =>
      api.post<{ email: string }>('/api/auth/pending-sign-in/email', body),
  });
}
