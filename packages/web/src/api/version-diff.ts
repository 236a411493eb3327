import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** One metadata change (`GET /api/records/{id}/diff/{other}`), said in words by the page. */
export interface MetadataChange {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

export interface ComparedFile {
  key: string;
  size: number;
  checksum: string | null;
}

export interface LineHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  /** Each line starts with "+", "-" or " ". */
  lines: string[];
}

export interface ChangedFile {
  key: string;
  before: ComparedFile;
  after: ComparedFile;
  lines?: { hunks: LineHunk[]; truncated: boolean };
  skipped?: 'not_text' | 'too_large' | 'binary' | 'too_many_changes';
}

export interface ComparedVersion {
  id: string;
  index: number;
  version: string | null;
  publication_date: string | null;
}

export interface VersionDiff {
  from: ComparedVersion;
  to: ComparedVersion;
  metadata: MetadataChange[];
  files: {
    added: ComparedFile[];
    removed: ComparedFile[];
    changed: ChangedFile[];
    unchanged: number;
  } | null;
}

/** What changed between two versions of a record, older to newer. */
export function useVersionDiff(id: string, other: string, token: string | undefined) {
  return useQuery({
    queryKey: queryKeys.versionDiff(id, other, token),
    queryFn: ({ signal }) => {
      const path = `/api/records/${encodeURIComponent(id)}/diff/${encodeURIComponent(other)}`;
      return api.get<VersionDiff>(
        token ? `${path}?token=${encodeURIComponent(token)}` : path,
        signal,
      );
    },
  });
}
