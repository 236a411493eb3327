import type { Links } from '../../http/links.ts';
import type {
  FileListView,
  FileView,
  PartLink,
  PartLinksPage,
} from '../../services/files/files.service.ts';
import type { FileSummary } from '../../services/files/files.repository.ts';
import { extensionOf } from '../../services/files/keys.ts';
import { isoDate } from './dates.ts';

const base = (links: Links, recordId: string, scope: 'draft' | 'record') =>
  links.api(`/records/${recordId}${scope === 'draft' ? '/draft' : ''}`);

function publicMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { declared_checksum: _md5, declared_sha256: _sha256, ...rest } = metadata;
  return rest;
}

/** `md5:…` and, once known, `sha256:…`. */
function checksumList(object: { checksum: string | null; sha256: string | null }): string[] {
  const list: string[] = [];
  if (object.checksum) list.push(object.checksum);
  if (object.sha256) list.push(`sha256:${object.sha256}`);
  return list;
}

const partLink = (p: PartLink) => ({
  part: p.part,
  url: p.url,
  expiration: isoDate(p.expiration),
});

/** One part's link with the headers to send with the part (`links.part_urls/{part}`). */
export const serializePartLink = (p: PartLink) => ({ ...partLink(p), headers: p.headers ?? {} });

/** One page of a multipart upload's part links (`links.part_urls` of a file with many parts). */
export function serializePartPage(page: PartLinksPage, links: Links): Record<string, unknown> {
  const self = `${base(links, page.recordId, 'draft')}/files/${encodeURIComponent(page.key)}/parts`;
  const at = (n: number) => `${self}?page=${n}&size=${page.size}`;
  const pageLinks: Record<string, string> = { self: at(page.page) };
  if (page.page > 1) pageLinks.prev = at(page.page - 1);
  if (page.page * page.size < page.total) pageLinks.next = at(page.page + 1);
  return {
    hits: { hits: page.links.map(partLink), total: page.total },
    links: pageLinks,
  };
}

/** One file entry (API.md §2.2); multipart adds `parts` and drops `content` while pending. */
export function serializeFile(view: FileView, links: Links): Record<string, unknown> {
  const { entry, object } = view;
  const completed = entry.status === 'completed';
  const self = `${base(links, view.recordId, view.scope)}/files/${encodeURIComponent(entry.key)}`;
  const fileLinks: Record<string, unknown> = { self };
  if (view.partLinks) {
    fileLinks.parts = view.partLinks.map(partLink);
  } else if (view.partsPaged || view.partSha256) {
    // Too many to list here: read a page at a time (Arca difference to InvenioRDM).
    fileLinks.part_urls = `${self}/parts`;
  } else {
    fileLinks.content = `${self}/content`;
  }
  if (view.scope === 'draft') fileLinks.commit = `${self}/commit`;
  const transfer: Record<string, unknown> = { type: entry.transferType };
  if (entry.transferType === 'M') {
    transfer.parts = entry.parts;
    transfer.part_size = entry.partSize;
    transfer.parts_done = view.partsDone ?? [];
    // Beyond InvenioRDM: each part's URL is asked for with its SHA-256 (part_urls/{part}).
    if (view.partSha256) transfer.part_checksum = 'sha256';
  }
  return {
    id: entry.id,
    key: entry.key,
    ext: extensionOf(entry.key),
    created: isoDate(entry.createdAt),
    updated: isoDate(entry.updatedAt),
    mimetype: entry.mimetype,
    size: object.size ?? entry.declaredSize ?? 0,
    checksum: completed ? object.checksum : null,
    // Beyond InvenioRDM: every checksum known, and whether the uploader's SHA-256 agreed.
    checksums: completed ? checksumList(object) : [],
    verified: completed && object.verified,
    storage_class: 'L',
    status: entry.status,
    version_id: entry.id,
    file_id: object.id,
    bucket_id: `${view.recordId}${view.scope === 'draft' ? ':draft' : ''}`,
    metadata: publicMetadata(entry.metadata),
    access: { hidden: entry.hidden },
    transfer,
    links: fileLinks,
  };
}

/**
 * The file list (API.md §2.2): only `enabled` and `links` when files are off.
 * Beyond InvenioRDM: `count` and `total_bytes` of the whole record, and
 * `links.next` while a paged listing has more entries.
 */
export function serializeFileList(list: FileListView, links: Links): Record<string, unknown> {
  const root = base(links, list.recordId, list.scope);
  const listLinks: Record<string, string> = {
    self: `${root}/files`,
    archive: `${root}/files-archive`,
    manifest: `${root}/files-manifest`,
  };
  if (!list.enabled) return { enabled: false, links: listLinks };
  if (list.next) {
    const { size, after } = list.next;
    listLinks.next = `${root}/files?size=${size}&after=${encodeURIComponent(after)}`;
  }
  return {
    enabled: true,
    links: listLinks,
    entries: list.files.map((file) => serializeFile(file, links)),
    default_preview: list.defaultPreview,
    order: [],
    count: list.count,
    total_bytes: list.totalBytes,
    // Beyond InvenioRDM: the record's quota, for the deposit form's checks.
    quota: { max_files: list.quota.maxFiles, max_bytes: list.quota.maxBytes },
  };
}

/**
 * The `files` block of a record's JSON (API.md §1.3): entries keyed by file
 * name while the record has at most FILES_INLINE_LIMIT files (and never in a
 * search hit); beyond, only the totals: `links.files` lists the entries.
 */
export function serializeRecordFiles(
  recordId: string,
  scope: 'draft' | 'record',
  files: FileSummary,
  links: Links,
): { count: number; total_bytes: number; entries?: Record<string, unknown> } {
  const totals = { count: files.count, total_bytes: files.stored };
  if (!files.entries) return totals;
  const entries: Record<string, unknown> = {};
  for (const file of files.entries) {
    entries[file.entry.key] = serializeFile({ ...file, recordId, scope }, links);
  }
  return { ...totals, entries };
}
