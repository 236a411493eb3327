import type { SearchResult } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

// Vocabulary look-ups of the deposit editor (API.md §5.2): the UI serialization
// gives localised `title_l10n` / `description_l10n`.

export interface VocabularyOption {
  id: string;
  title_l10n: string;
  description_l10n?: string;
  tags?: string[];
  props?: Record<string, string>;
}

type Hits<T> = Pick<SearchResult<T>, 'hits'>;

export type GenericVocabulary =
  | 'licenses'
  | 'languages'
  | 'resourcetypes'
  | 'titletypes'
  | 'descriptiontypes'
  | 'datetypes'
  | 'relationtypes'
  | 'creatorsroles'
  | 'contributorsroles'
  | 'removalreasons';

export async function searchVocabulary(
  type: GenericVocabulary,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<Hits<VocabularyOption>['hits']> {
  const query = new URLSearchParams(params);
  const result = await api.get<Hits<VocabularyOption>>(
    `/api/vocabularies/${type}?${query}`,
    signal,
  );
  return result.hits;
}

/** A small vocabulary read whole once (types, roles), optionally filtered by a tag. */
export function useVocabulary(type: GenericVocabulary, tags?: string) {
  return useQuery({
    queryKey: queryKeys.vocabulary(type, tags ?? ''),
    queryFn: async ({ signal }) =>
      (
        await searchVocabulary(
          type,
          { size: '500', sort: 'title', ...(tags ? { tags } : {}) },
          signal,
        )
      ).hits,
    staleTime: Infinity,
  });
}

/** Suggestions of a large vocabulary (languages) for a typed text. */
export function useVocabularySuggestions(type: GenericVocabulary, text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: queryKeys.vocabularySuggestions(type, trimmed),
    queryFn: async ({ signal }) =>
      (await searchVocabulary(type, { suggest: trimmed, size: '20' }, signal)).hits,
    enabled: trimmed.length >= 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export interface LicenseSearch {
  q: string;
  tag: 'recommended' | 'all' | 'data' | 'software';
}

export const LICENSE_PAGE_SIZE = 12;

/** The licence picker's search (API.md §10): by tag, best match first, a page at a time. */
export function useLicenseSearch({ q, tag }: LicenseSearch, page = 1) {
  return useQuery({
    queryKey: queryKeys.licenses(q.trim(), tag, page),
    queryFn: async ({ signal }) =>
      searchVocabulary(
        'licenses',
        {
          tags: tag,
          sort: q.trim() ? 'bestmatch' : 'title',
          page: String(page),
          size: String(LICENSE_PAGE_SIZE),
          q: q.trim(),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** One standard licence in the interface language (it follows a language switch). */
export function useLicense(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.license(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<VocabularyOption>(
        `/api/vocabularies/licenses/${encodeURIComponent(id ?? '')}`,
        signal,
      ),
    enabled: Boolean(id),
    staleTime: Infinity,
    retry: false,
  });
}

export interface FunderOption {
  id: string;
  name: string;
  country?: string;
}

export interface AwardOption {
  id: string;
  number: string;
  title?: Record<string, string>;
  acronym?: string;
  funder?: { id: string; name?: string };
}

export interface SubjectOption {
  id: string;
  subject: string;
  scheme?: string;
  /** The subject in the request's language (the UI media type adds it). */
  title_l10n?: string;
}

export interface NameOption {
  id: string;
  name: string;
  given_name?: string;
  family_name?: string;
  identifiers?: { scheme: string; identifier: string }[];
  affiliations?: { id?: string; name: string }[];
}

async function suggest<T>(path: string, params: Record<string, string>, signal?: AbortSignal) {
  const query = new URLSearchParams({ size: '20', ...params });
  return (await api.get<Hits<T>>(`${path}?${query}`, signal)).hits.hits;
}

export function useFunderSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: queryKeys.funderSuggestions(trimmed),
    queryFn: ({ signal }) => suggest<FunderOption>('/api/funders', { suggest: trimmed }, signal),
    enabled: trimmed.length >= 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Awards of one funder (the `funders` facet), matching the typed text. */
export function useAwardSuggestions(funderId: string | undefined, text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: queryKeys.awardSuggestions(funderId ?? '', trimmed),
    queryFn: ({ signal }) =>
      suggest<AwardOption>(
        '/api/awards',
        { ...(trimmed ? { suggest: trimmed } : {}), ...(funderId ? { funders: funderId } : {}) },
        signal,
      ),
    enabled: Boolean(funderId) || trimmed.length >= 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSubjectSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: queryKeys.subjectSuggestions(trimmed),
    queryFn: ({ signal }) => suggest<SubjectOption>('/api/subjects', { suggest: trimmed }, signal),
    enabled: trimmed.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A person by ORCID or an organisation by ROR id; undefined when the vocabulary has none. */
export async function lookUpIdentifier(
  scheme: 'orcid' | 'ror' | 'gnd',
  identifier: string,
  signal?: AbortSignal,
): Promise<NameOption | undefined> {
  const path = scheme === 'ror' ? '/api/affiliations/' : '/api/names/';
  try {
    return await api.get<NameOption>(`${path}${encodeURIComponent(identifier)}`, signal);
  } catch {
    // Unknown identifiers are normal: the person types the name themselves.
    return undefined;
  }
}
