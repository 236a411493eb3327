import type { RecordFileEntry, RecordJson, SearchResult } from '@arca/schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client.ts';
import { firstPagePath, readListing, type Listing } from './file-pages.ts';
import { queryKeys } from './query-keys.ts';

/** How a record page was opened: `?preview=1` reads the draft, `?token=` a secret link. */
export interface RecordAddress {
  id: string;
  preview: boolean;
  token?: string | undefined;
}

/** A facet's bucket as the search answers it (API.md §6.2). */
export interface FacetBucket {
  key: string;
  doc_count: number;
  label?: string;
  is_selected?: boolean;
}

export type RecordSearchResult = SearchResult<RecordJson> & {
  aggregations?: Record<string, { buckets: FacetBucket[] }>;
};

/** A file of the files listing (API.md §2.2). */
export type FileListEntry = Pick<
  RecordFileEntry,
  'key' | 'size' | 'mimetype' | 'checksum' | 'checksums' | 'verified'
> & {
  status?: string;
  links: { self?: string; content?: string };
};

export interface FileListing {
  enabled: boolean;
  entries?: FileListEntry[];
  default_preview?: string | null;
  /** Every file of the record and their bytes; a paged answer lists fewer entries. */
  count?: number;
  total_bytes?: number;
  links?: { next?: string; [name: string]: string | undefined };
}

/** Search parameters of the search page and the dashboard, as in the address bar. */
export type SearchParams = Record<string, string | string[] | undefined>;

function withToken(path: string, token: string | undefined): string {
  if (token && new URLSearchParams(path.split('?')[1] ?? '').has('token')) return path;
  return token
    ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
    : path;
}

function queryString(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The published record, or the draft when previewing. */
export function fetchRecord(address: RecordAddress, signal?: AbortSignal): Promise<RecordJson> {
  const id = encodeURIComponent(address.id);
  const path = address.preview ? `/api/records/${id}/draft` : `/api/records/${id}`;
  return api.get<RecordJson>(withToken(`${path}?expand=1`, address.token), signal);
}

export function useRecord(address: RecordAddress) {
  return useQuery({
    queryKey: queryKeys.record(address.id, address.preview, address.token),
    queryFn: ({ signal }) => fetchRecord(address, signal),
  });
}

/** A path of the API from one of its absolute links, so requests stay on our origin. */
export function apiPath(link: string): string {
  const url = new URL(link, window.location.origin);
  return url.pathname + url.search;
}

/**
 * The files of a record or draft (`links.files`), a long listing page after
 * page as they arrive. `null` when the listing does not exist (404): the page
 * then shows no files rather than an error.
 */
export function useRecordFiles(record: RecordJson | undefined, token: string | undefined) {
  const link = record?.files.enabled ? record.links.files : undefined;
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.recordFiles(link ?? '', token),
    enabled: link !== undefined,
    queryFn: async ({ signal, queryKey }): Promise<Listing<FileListing> | null> => {
      try {
        return await readListing<FileListEntry, FileListing>(
          withToken(firstPagePath(apiPath(link!), record?.files), token),
          {
            get: (path) => api.get<FileListing>(path, signal),
            nextPath: (next) => withToken(apiPath(next), token),
            onPage: (partial) => queryClient.setQueryData(queryKey, partial),
            signal,
          },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useRecordVersions(record: RecordJson | undefined, token: string | undefined) {
  const link = record?.links.versions;
  return useQuery({
    queryKey: queryKeys.recordVersions(link ?? '', token),
    enabled: link !== undefined && record?.is_published === true,
    queryFn: ({ signal }) =>
      api.get<SearchResult<RecordJson>>(withToken(`${apiPath(link!)}?size=100`, token), signal),
  });
}

export function useRecordSearch(params: SearchParams) {
  return useQuery({
    queryKey: queryKeys.recordSearch(params),
    queryFn: ({ signal }) =>
      api.get<RecordSearchResult>(`/api/records${queryString(params)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** The user's drafts and records (API.md §1.1, `GET /api/user/records`). */
export function useMyUploads(params: SearchParams) {
  return useQuery({
    queryKey: queryKeys.myUploads(params),
    queryFn: ({ signal }) =>
      api.get<RecordSearchResult>(`/api/user/records${queryString(params)}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Opens (or reuses) the edit draft of a published record. */
export function useEditRecord() {
  return useMutation({
    mutationFn: (record: RecordJson) => api.post<RecordJson>(apiPath(record.links.draft!)),
  });
}

/** Creates (or reuses) the next version's draft; the answer's `links.self_html` is its page. */
export function useNewVersion() {
  return useMutation({
    mutationFn: (record: RecordJson) => api.post<RecordJson>(apiPath(record.links.versions!)),
  });
}

/** A vocabulary entry; the UI media type answers `title_l10n` (API.md §0). */
export interface VocabularyEntry {
  id: string;
  title?: Record<string, string>;
  title_l10n?: string;
}

/** The resource types vocabulary, for the search facet's labels. */
export function useResourceTypes() {
  return useQuery({
    queryKey: queryKeys.resourceTypes,
    queryFn: ({ signal }) =>
      api.get<SearchResult<VocabularyEntry>>('/api/vocabularies/resourcetypes?size=1000', signal),
    staleTime: Infinity,
  });
}
