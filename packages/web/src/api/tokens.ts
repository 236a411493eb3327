import type { SearchResult, TokenCreate, TokenItem } from '@arca/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

type TokenList = Pick<SearchResult<TokenItem>, 'hits'>;

export async function listTokens(signal?: AbortSignal): Promise<TokenItem[]> {
  const result = await api.get<TokenList>('/api/user/tokens', signal);
  return result.hits.hits;
}

/** The answer carries the secret `token`, which the API never shows again. */
export function createToken(body: TokenCreate): Promise<TokenItem> {
  return api.post<TokenItem>('/api/user/tokens', body);
}

export function revokeToken(id: string): Promise<void> {
  return api.delete(`/api/user/tokens/${encodeURIComponent(id)}`);
}

export function useTokens() {
  return useQuery({
    queryKey: queryKeys.tokens,
    queryFn: ({ signal }) => listTokens(signal),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}
