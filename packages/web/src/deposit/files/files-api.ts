import type { RecordJson } from '@arca/schema';
import { apiRequest } from '../../api/client.ts';
import { linkPath } from '../../api/drafts.ts';
import { firstPagePath, readListing, type Listing } from '../../api/file-pages.ts';

// The draft-files calls of the deposit editor (API.md §2, SPEC §7).

export interface PartLink {
  part: number;
  url: string;
  expiration: string;
  /** Headers signed into the URL, sent with the part (its checksum for S3). */
  headers?: Record<string, string>;
}

export interface DraftFile {
  key: string;
  size: number;
  status: 'pending' | 'completed' | 'failed';
  checksum: string | null;
  /** `md5:…` and `sha256:…` once completed. */
  checksums?: string[];
  /** The browser's SHA-256 agreed with the server's. */
  verified?: boolean;
  transfer: {
    type: string;
    parts?: number;
    part_size?: number;
    parts_done?: number[];
    /** Each part's URL is asked for with the part's SHA-256 (S3 checks the bytes). */
    part_checksum?: 'sha256';
  };
  links: {
    self: string;
    content?: string;
    commit?: string;
    parts?: PartLink[];
    /** Instead of `parts` for a file with many parts: its part links, a page at a time. */
    part_urls?: string;
  };
}

export interface FileQuota {
  max_files: number;
  max_bytes: number;
}

export interface DraftFileList {
  enabled: boolean;
  entries?: DraftFile[];
  quota?: FileQuota;
  /** Every file of the draft and their bytes; a paged answer lists fewer entries. */
  count?: number;
  total_bytes?: number;
  links?: { next?: string; [name: string]: string | undefined };
  /** False while pages of a long listing are still being read. */
  complete?: boolean;
}

const filesLink = (draft: RecordJson) => linkPath(draft.links.files ?? `${draft.links.self}/files`);

/**
 * The draft's files: in one answer for a small draft, page after page
 * (`links.next`) for a large one, `onPage` seeing the entries read so far.
 */
export function listFiles(
  draft: RecordJson,
  signal?: AbortSignal,
  onPage?: (list: Listing<DraftFileList>) => void,
): Promise<Listing<DraftFileList>> {
  return readListing<DraftFile, DraftFileList>(firstPagePath(filesLink(draft), draft.files), {
    get: (path) => apiRequest<DraftFileList>(path, { signal }),
    nextPath: linkPath,
    onPage,
    signal,
  });
}

export interface FileSpec {
  key: string;
  size: number;
  transfer:
    { type: 'L' } | { type: 'M'; parts: number; part_size: number; part_checksum: 'sha256' };
}

/** Announces uploads in one call; the answer's entries include the files it created. */
export async function initFiles(draft: RecordJson, specs: FileSpec[]): Promise<DraftFile[]> {
  const list = await apiRequest<DraftFileList>(filesLink(draft), { method: 'POST', body: specs });
  return list.entries ?? [];
}

/** The server's entry for a key, as the server may have normalised it (NFC). */
export function entryFor(entries: DraftFile[], key: string): DraftFile {
  const wanted = key.normalize('NFC');
  const entry = entries.find((file) => file.key.normalize('NFC') === wanted);
  if (!entry) throw new Error(`The server did not list ${key}`);
  return entry;
}

/** Announces one upload. */
export async function initFile(draft: RecordJson, spec: FileSpec): Promise<DraftFile> {
  return entryFor(await initFiles(draft, [spec]), spec.key);
}

export function readFile(link: string, signal?: AbortSignal): Promise<DraftFile> {
  return apiRequest<DraftFile>(linkPath(link), { signal });
}

/** One page of a multipart upload's part links (`links.part_urls`). */
export async function readPartPage(link: string, page: number, size: number): Promise<PartLink[]> {
  const answer = await apiRequest<{ hits: { hits: PartLink[] } }>(
    `${linkPath(link)}?page=${page}&size=${size}`,
  );
  return answer.hits.hits;
}

/** One part's URL signed with the part's SHA-256 (hex), with the headers to send. */
export function readSignedPart(partUrls: string, part: number, sha256: string): Promise<PartLink> {
  return apiRequest<PartLink>(`${linkPath(partUrls)}/${part}?checksum=sha256:${sha256}`);
}

/** Completes an upload; with the browser's SHA-256, the server checks it and marks the file verified. */
export function commitFile(file: DraftFile, sha256?: string): Promise<DraftFile> {
  return apiRequest<DraftFile>(linkPath(file.links.commit ?? `${file.links.self}/commit`), {
    method: 'POST',
    ...(sha256 ? { body: { checksum: `sha256:${sha256}` } } : {}),
  });
}

export function deleteFile(link: string): Promise<void> {
  return apiRequest<void>(linkPath(link), { method: 'DELETE' });
}

/** Copies the files of the previous version into a new-version draft (API.md §2.6). */
export function importFiles(draft: RecordJson): Promise<DraftFileList> {
  return apiRequest<DraftFileList>(`${linkPath(draft.links.self ?? '')}/actions/files-import`, {
    method: 'POST',
  });
}
