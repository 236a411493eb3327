import type { SearchResult } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export interface Affiliation {
  id: string;
  name: string;
  acronym?: string;
  country?: string;
}

type AffiliationList = Pick<SearchResult<Affiliation>, 'hits'>;

export async function suggestAffiliations(
  text: string,
  signal?: AbortSignal,
): Promise<Affiliation[]> {
  const query = new URLSearchParams({ suggest: text, size: '10' });
  const result = await api.get<AffiliationList>(`/api/affiliations?${query}`, signal);
  return result.hits.hits;
}

/** Suggestions for a typed text; nothing is asked before two characters. */
export function useAffiliationSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: queryKeys.affiliationSuggestions(trimmed),
    queryFn: ({ signal }) => suggestAffiliations(trimmed, signal),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
