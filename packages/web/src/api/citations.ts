import type { SearchResult } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiText } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** A citation style of `GET /api/citation-styles`. */
export interface CitationStyle {
  id: string;
  title: string;
  title_short?: string;
  citation_format?: string;
}

/** How the picker names a style: its short title and its full one ("APA — American…"). */
export const styleLabel = (style: CitationStyle) =>
  style.title_short && style.title_short !== style.title
    ? `${style.title_short} — ${style.title}`
    : style.title;

/** Styles matching what the reader typed, best first. */
export function useCitationStyles(q: string) {
  return useQuery({
    queryKey: queryKeys.citationStyles(q),
    queryFn: ({ signal }) =>
      api.get<SearchResult<CitationStyle>>(
        `/api/citation-styles?${new URLSearchParams({ q, size: '25' }).toString()}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useCitationStyle(id: string) {
  return useQuery({
    queryKey: queryKeys.citationStyle(id),
    queryFn: ({ signal }) =>
      api.get<CitationStyle>(`/api/citation-styles/${encodeURIComponent(id)}`, signal),
    staleTime: Infinity,
  });
}

/**
 * The record formatted by the server in a CSL style and language (`text/x-bibliography`);
 * `allVersions`: cited for every version, by the concept DOI.
 */
export function useFormattedCitation(
  recordPath: string,
  style: string,
  locale: string,
  token: string | undefined,
  { allVersions = false, enabled = true }: { allVersions?: boolean; enabled?: boolean } = {},
) {
  const params = new URLSearchParams({ style, locale });
  if (token) params.set('token', token);
  if (allVersions) params.set('allversions', 'true');
  return useQuery({
    enabled,
    queryKey: queryKeys.citation(recordPath, style, locale, token, allVersions),
    queryFn: ({ signal }) =>
      apiText(`${recordPath}?${params.toString()}`, 'text/x-bibliography', signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });
}
