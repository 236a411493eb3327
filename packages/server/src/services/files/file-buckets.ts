import { FILES_INLINE_LIMIT, FILES_PAGE_SIZE } from '@arca/schema';
import type { FilesConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Actor, RecordAction } from '../../permissions/records.policy.ts';
import type { Storage } from '../../storage/storage.ts';
import { DomainError } from '../errors.ts';
import type { UserLimitsService } from '../user-limits.ts';
import { loadAuthorized, type RecordContext, type RecordScope } from '../records/context.ts';
import {
  createFilesRepository,
  type FileObjectRow,
  type FileWithObject,
} from './files.repository.ts';
import { normalizeKey } from './keys.ts';
import type { KeyOwner } from './files-sweep.ts';
import type { PartSigner } from './part-signatures.ts';
import { defaultQuota, type Quota } from './quota.ts';
import { fileTargets } from './file-target.ts';

export type Scope = RecordScope;

/**
 * Part links given inline at most, per file and per answer (InvenioRDM lists
 * them all): beyond that a file's links are read a page at a time.
 */
export const INLINE_PART_LINKS = 1000;

export interface PartLink {
  part: number;
  url: string;
  expiration: Date;
  /** Headers signed into the URL, to be sent with the part (its S3 checksum). */
  headers?: Record<string, string>;
}

/** A file entry with what its JSON is made from. */
export interface FileView extends FileWithObject {
  recordId: string;
  scope: Scope;
  /** Parts already held, for a pending multipart upload (Arca difference §3). */
  partsDone?: number[];
  /** Where to PUT each part; null URL: the server's own part route, signed. */
  partLinks?: PartLink[];
  /** Too many parts to list inline: their links are read a page at a time. */
  partsPaged?: boolean;
  /** Each part's link is asked for with the part's SHA-256, which storage checks. */
  partSha256?: boolean;
}

export interface FileListView {
  recordId: string;
  scope: Scope;
  enabled: boolean;
  defaultPreview: string | null;
  files: FileView[];
  /** The record's limits, so that a deposit form can refuse early (SPEC §5). */
  quota: Quota;
  /** All files of the record, and the bytes that arrived, whatever `files` holds. */
  count: number;
  totalBytes: number;
  /** A paged listing with more entries: the next page starts after this key. */
  next?: { after: string; size: number };
}

/** Where a part of a local multipart upload is PUT; the signature is added by the service. */
export type PartRoute = (recordId: string, key: string, part: number) => string;

export interface FilesDeps {
  db: Database;
  storage: Storage;
  config: FilesConfig;
  signer: PartSigner;
  partRoute: PartRoute;
  /** Per-user storage limits, checked with the record's quota. */
  userLimits: UserLimitsService;
  /** Other services' keys in the same storage, for the sweep (files-sweep.ts). */
  otherOwners?: KeyOwner[];
}

/** A draft's or record's context whose quota was read with it. */
export type Bucket = RecordContext & { quota: Quota };

/**
 * What every file operation shares: the record context the actor may act on
 * (permissions are the records policy's, decided on the context's facts),
 * file lookups, part links and the collection of bytes no entry names.
 */
export function fileBuckets(deps: FilesDeps) {
  const { db, storage, config, signer } = deps;
  const repo = createFilesRepository(db);
  const targets = fileTargets(db, defaultQuota(config));

  /**
   * The context of `id` in `scopes`, if `actor` may do `action` (no actor: a
   * signed URL); with its quota when `quota` (one more query).
   */
  function load(
    actor: Actor | null,
    id: string,
    scopes: Scope | readonly Scope[],
    action: RecordAction,
    quota: true,
  ): Promise<Bucket>;
  function load(
    actor: Actor | null,
    id: string,
    scopes: Scope | readonly Scope[],
    action: RecordAction,
    quota?: false,
  ): Promise<RecordContext>;
  function load(
    actor: Actor | null,
    id: string,
    scopes: Scope | readonly Scope[],
    action: RecordAction,
    quota = false,
  ): Promise<RecordContext> {
    const options = quota ? { defaultQuota: defaultQuota(config) } : {};
    return loadAuthorized(db, actor, id, scopes, action, options);
  }

  /** A draft whose files the actor may change: not those of a published record (API.md §1.2). */
  function writable(
    actor: Actor | null,
    id: string,
    action: RecordAction,
    quota: true,
  ): Promise<Bucket>;
  function writable(actor: Actor | null, id: string, action: RecordAction): Promise<RecordContext>;
  async function writable(
    actor: Actor | null,
    id: string,
    action: RecordAction,
    quota = false,
  ): Promise<RecordContext> {
    const context = quota
      ? await load(actor, id, 'draft', action, true)
      : await load(actor, id, 'draft', action);
    if (context.published) throw new DomainError('invalid', 'filesLocked');
    return context;
  }

  const readAction = (scope: Scope): RecordAction =>
    scope === 'draft' ? 'canReadDraftFiles' : 'canReadFiles';

  /** A file as it is now (writes), or as read with the context (reads). */
  async function find(bucket: RecordContext, key: string, fresh = true): Promise<FileWithObject> {
    const normalized = normalizeKey(key);
    const inline = fresh ? null : bucket.files.entries;
    const found = inline
      ? inline.find((file) => file.entry.key === normalized)
      : await repo.find(bucket.id, bucket.scope === 'draft', normalized);
    if (!found) throw new DomainError('notFound', 'fileNotFound', { params: { key } });
    return found;
  }

  const isMultipartPending = (file: FileWithObject) =>
    file.entry.transferType === 'M' && file.entry.status === 'pending';

  const partSizeOf = (file: FileWithObject, part: number) => {
    const { parts, partSize, declaredSize } = file.entry;
    return part < parts! ? partSize! : declaredSize! - partSize! * (parts! - 1);
  };

  /** The parts held, and whether each part comes with its SHA-256 (S3 checksums). */
  async function partsHeld(
    file: FileWithObject,
  ): Promise<{ parts: number[]; partSha256: boolean }> {
    const held = await storage.heldParts(file.object.storageKey, file.object.uploadId ?? '');
    if (held) {
      const parts = held.parts.map((p) => p.part).sort((a, b) => a - b);
      return { parts, partSha256: held.partSha256 };
    }
    return { parts: (await repo.partsOf(file.object.id)).map((p) => p.part), partSha256: false };
  }

  /** Signed URLs of parts `first` to `last`, fresh: an expired one is replaced by asking again. */
  async function partLinks(
    recordId: string,
    file: FileWithObject,
    first: number,
    last: number,
  ): Promise<PartLink[]> {
    const expiresIn = config.partUrlExpirySeconds;
    const expires = Math.floor(Date.now() / 1000) + expiresIn;
    const links: PartLink[] = [];
    for (let part = first; part <= last; part++) {
      const direct = await storage.partUrl(
        file.object.storageKey,
        file.object.uploadId ?? '',
        part,
        expiresIn,
      );
      const url =
        direct?.url ??
        `${deps.partRoute(recordId, file.entry.key, part)}?expires=${expires}&signature=${signer.sign(file.object.id, part, expires)}`;
      links.push({ part, url, expiration: new Date(expires * 1000) });
    }
    return links;
  }

  /** Whether each part of the upload comes with its SHA-256, which storage checks. */
  const partSha256 = (file: FileWithObject) =>
    storage.partSha256(file.object.storageKey, file.object.uploadId ?? '');

  /** The signed URL of one part with its SHA-256 (base64), for storage to check the bytes. */
  async function checkedPartLink(
    recordId: string,
    file: FileWithObject,
    part: number,
    sha256: string,
  ): Promise<PartLink> {
    const expiresIn = config.partUrlExpirySeconds;
    const expires = Math.floor(Date.now() / 1000) + expiresIn;
    const { storageKey, uploadId } = file.object;
    const direct = await storage.partUrl(storageKey, uploadId ?? '', part, expiresIn, sha256);
    if (!direct) return (await partLinks(recordId, file, part, part))[0]!;
    return { part, ...direct, expiration: new Date(expires * 1000) };
  }

  /**
   * A file with what a pending multipart upload needs: the parts held, and its
   * part links inline when it has at most `inline` parts; beyond that they are
   * read a page at a time (`partsPaged`), so that one answer stays small.
   * `held`: the parts held, when the caller read them already.
   */
  async function withParts(
    recordId: string,
    scope: Scope,
    file: FileWithObject,
    inline = INLINE_PART_LINKS,
    held?: number[],
  ): Promise<FileView> {
    const view: FileView = { ...file, recordId, scope };
    if (!isMultipartPending(file)) return view;
    const { parts, partSha256 } = held ? { parts: held, partSha256: false } : await partsHeld(file);
    view.partsDone = parts;
    // Part links signed with each part's checksum are asked for one at a time, not listed.
    if (partSha256) view.partSha256 = true;
    else if (file.entry.parts! > inline) view.partsPaged = true;
    else view.partLinks = await partLinks(recordId, file, 1, file.entry.parts!);
    return view;
  }

  /** A listing of some of the bucket's files (all, a page, or those just created). */
  async function listOf(
    bucket: Bucket,
    files: FileWithObject[],
    totals: { files: number; stored: number },
    next?: FileListView['next'],
  ): Promise<FileListView> {
    const { files: settings } = bucket.document;
    // The whole list shares one budget of inline part links, first files first.
    let budget = INLINE_PART_LINKS;
    const inline = files.map((f) => {
      const parts = isMultipartPending(f) ? f.entry.parts! : 0;
      if (parts > budget) return 0;
      budget -= parts;
      return parts;
    });
    return {
      recordId: bucket.id,
      scope: bucket.scope,
      enabled: settings.enabled !== false,
      defaultPreview:
        typeof settings.default_preview === 'string' ? settings.default_preview : null,
      files: await Promise.all(
        files.map((f, i) => withParts(bucket.id, bucket.scope, f, inline[i])),
      ),
      quota: bucket.quota,
      count: totals.files,
      totalBytes: totals.stored,
      ...(next ? { next } : {}),
    };
  }

  /**
   * The listing of a bucket (API.md §2.2): every file of a small record asked
   * without a page, as InvenioRDM answers; else a page by key (keyset).
   */
  async function listing(
    bucket: Bucket,
    page: { size?: number | undefined; after?: string | undefined } = {},
  ): Promise<FileListView> {
    const draft = bucket.scope === 'draft';
    const totals = await repo.totals(bucket.id, draft);
    if (page.size === undefined && page.after === undefined && totals.files <= FILES_INLINE_LIMIT) {
      return listOf(bucket, await repo.list(bucket.id, draft), totals);
    }
    const size = page.size ?? FILES_PAGE_SIZE;
    const rows = await repo.page(bucket.id, draft, page.after, size + 1);
    const more = rows.length > size;
    if (more) rows.pop();
    const next = more ? { after: rows[rows.length - 1]!.entry.key, size } : undefined;
    return listOf(bucket, rows, totals, next);
  }

  async function dropBytes(object: FileObjectRow): Promise<void> {
    if (object.uploadId) await storage.abortMultipart(object.storageKey, object.uploadId);
    await storage.remove(object.storageKey);
  }

  /** Drops the bytes of objects no entry names any more. */
  async function collect(objectIds: string[]): Promise<void> {
    const gone = await repo.deleteUnreferenced([...new Set(objectIds)]);
    for (const object of gone) await dropBytes(object);
  }

  /** An upload the sweep gave up (idle too long) takes no more bytes: it starts again from init. */
  function refuseAbandoned(file: FileWithObject): void {
    if (file.object.status === 'failed') {
      throw new DomainError('invalid', 'fileUploadAbandoned', { params: { key: file.entry.key } });
    }
  }

  return {
    repo,
    load,
    /** One file of a draft with its permission, quota and totals, in one query (file-target.ts). */
    target: targets.load,
    writable,
    readAction,
    find,
    isMultipartPending,
    partSizeOf,
    partsHeld,
    partLinks,
    checkedPartLink,
    partSha256,
    withParts,
    listOf,
    listing,
    dropBytes,
    collect,
    refuseAbandoned,
  };
}

export type FileBuckets = ReturnType<typeof fileBuckets>;
