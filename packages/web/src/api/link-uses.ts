import type { RecordJson } from '@arca/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { apiPath } from './records.ts';

// A secret link's list of uses (docs/secret-links.md), for those who manage the record.

export const LINK_USES_PAGE_SIZE = 20;

/** One use: when, which version, which file (null: the record was opened), which visitor. */
export interface LinkUse {
  used_at: string;
  record_id: string;
  /** The version's number; null once that version (a discarded draft) is gone. */
  version: number | null;
  file: string | null;
  /** The visitor's number on this link: the server never sends the hash. */
  visitor: number;
}

interface LinkUseHits {
  hits: { hits: LinkUse[]; total: number };
}

/** A page of the uses still kept, newest first; refreshed with the share dialog. */
export function useLinkUses(record: RecordJson, linkId: string, page: number, enabled: boolean) {
  const links = record.links.access_links;
  return useQuery({
    queryKey: queryKeys.linkUses(record.id, linkId, page),
    queryFn: ({ signal }) =>
      api.get<LinkUseHits>(
        `${apiPath(links!)}/${encodeURIComponent(linkId)}/uses?page=${page}&size=${LINK_USES_PAGE_SIZE}`,
        signal,
      ),
    enabled: enabled && links !== undefined,
    placeholderData: keepPreviousData,
  });
}
