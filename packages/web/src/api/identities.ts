import type { SignInMethods } from '@arca/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
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
    onSuccess: ({ location }) => window.location.assign(location),
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
