import type { Readable } from 'node:stream';
import type { FieldError } from '@arca/schema';
import type { FilesConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { DomainError, notFound, permissionDenied, validationFailed } from '../errors.ts';
import {
  canOnRecord,
  type Actor,
  type RecordAction,
  type RecordFacts,
} from '../../permissions/records.policy.ts';
import { SizeLimitError, type ByteRange, type Storage } from '../../storage/storage.ts';
import { effectiveAccess, type RecordDocument } from '../records/document.ts';
import { createRecordRepository } from '../records/repository.ts';
import {
  createFilesRepository,
  type FileObjectRow,
  type FileWithObject,
} from './files.repository.ts';
import { createFilesSweep } from './files-sweep.ts';
import { keyProblem, mimetypeOf, normalizeKey } from './keys.ts';
import type { PartSigner } from './part-signatures.ts';
import { newStorageKey } from './storage-keys.ts';
import { bytesOf, checkQuota, defaultQuota, type Quota } from './quota.ts';

// SPEC §9 and S3's own limits.
export const MAX_PARTS = 10_000;
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_SIZE = 0x140000000;

export type Scope = 'draft' | 'record';

export interface FileSpec {
  key: string;
  size?: number | undefined;
  checksum?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  access?: { hidden?: boolean | undefined } | undefined;
  transfer?:
    | { type?: 'L' | 'M' | undefined; parts?: number | undefined; part_size?: number | undefined }
    | undefined;
}

export interface PartLink {
  part: number;
  url: string;
  expiration: Date;
}

/** A file entry with what its JSON is made from. */
export interface FileView extends FileWithObject {
  recordId: string;
  scope: Scope;
  /** Parts already held, for a pending multipart upload (Arca difference §3). */
  partsDone?: number[];
  /** Where to PUT each part; null URL: the server's own part route, signed. */
  partLinks?: PartLink[];
}

export interface FileListView {
  recordId: string;
  scope: Scope;
  enabled: boolean;
  defaultPreview: string | null;
  files: FileView[];
  /** The record's limits, so that a deposit form can refuse early (SPEC §5). */
  quota: Quota;
}

/** Bytes sent by a client: a request body, its announced length. */
export interface UploadBody {
  stream: Readable;
  length?: number | undefined;
  /** Nothing else reads the body's chunks (a request read from its socket): storage may take them. */
  takeChunks?: boolean;
}

/** Where a part of a local multipart upload is PUT; the signature is added by the service. */
export type PartRoute = (recordId: string, key: string, part: number) => string;

interface Bucket {
  recordId: string;
  scope: Scope;
  facts: RecordFacts;
  document: RecordDocument;
  parentId: string;
  versionIndex: number;
  /** An edit draft of a published record: its files are those published (API.md §1.2). */
  locked: boolean;
}

const md5Base64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * Files of drafts and records: uploads (local and multipart), commits,
 * quotas, imports between versions, and reads. Bytes stream between the
 * client and storage; the database says which bytes are complete.
 */
export function createFilesService(deps: {
  db: Database;
  storage: Storage;
  config: FilesConfig;
  signer: PartSigner;
  partRoute: PartRoute;
}) {
  const { db, storage, config, signer } = deps;
  const repo = createFilesRepository(db);
  const records = createRecordRepository(db);

  async function bucketOf(id: string, scope: Scope): Promise<Bucket | null> {
    if (scope === 'draft') {
      const found = await records.draftWithParent(id);
      if (!found) return null;
      const document = found.draft.document as unknown as RecordDocument;
      return {
        recordId: id,
        scope,
        document,
        parentId: found.parent.id,
        versionIndex: found.draft.versionIndex,
        locked: found.published,
        facts: {
          published: found.published,
          parentId: found.parent.id,
          ownerId: found.parent.ownerId,
          grants: found.grants,
          access: effectiveAccess(document),
        },
      };
    }
    const found = await records.recordWithParent(id);
    if (!found) return null;
    const document = found.record.document as unknown as RecordDocument;
    return {
      recordId: id,
      scope,
      document,
      parentId: found.parent.id,
      versionIndex: found.record.versionIndex,
      locked: true,
      facts: {
        published: true,
        parentId: found.parent.id,
        ownerId: found.parent.ownerId,
        grants: found.grants,
        access: effectiveAccess(document),
      },
    };
  }

  async function load(actor: Actor | null, id: string, scope: Scope, action: RecordAction) {
    const bucket = await bucketOf(id, scope);
    if (!bucket) throw notFound();
    if (actor && !canOnRecord(action, actor, bucket.facts)) throw permissionDenied();
    return bucket;
  }

  /** A draft whose files the actor may change. */
  async function writable(actor: Actor, id: string): Promise<Bucket> {
    const bucket = await load(actor, id, 'draft', 'canUpdateDraft');
    if (bucket.locked) throw new DomainError('invalid', 'filesLocked');
    return bucket;
  }

  const readAction = (scope: Scope): RecordAction =>
    scope === 'draft' ? 'canReadDraft' : 'canReadFiles';

  async function quotaOf(parentId: string, from = repo): Promise<Quota> {
    const custom = await from.quota(parentId);
    return custom ? { maxFiles: custom.maxFiles, maxBytes: custom.maxBytes } : defaultQuota(config);
  }

  async function find(bucket: Bucket, key: string): Promise<FileWithObject> {
    const found = await repo.find(bucket.recordId, bucket.scope === 'draft', normalizeKey(key));
    if (!found) throw new DomainError('notFound', 'fileNotFound', { params: { key } });
    return found;
  }

  const isMultipartPending = (file: FileWithObject) =>
    file.entry.transferType === 'M' && file.entry.status === 'pending';

  const partSizeOf = (file: FileWithObject, part: number) => {
    const { parts, partSize, declaredSize } = file.entry;
    return part < parts! ? partSize! : declaredSize! - partSize! * (parts! - 1);
  };

  async function partsHeld(file: FileWithObject): Promise<number[]> {
    const held = await storage.heldParts(file.object.storageKey, file.object.uploadId ?? '');
    if (held) return held.map((p) => p.part).sort((a, b) => a - b);
    return (await repo.partsOf(file.object.id)).map((p) => p.part);
  }

  /** Fresh part links on every read: an expired URL is replaced by reading the file again. */
  async function withParts(
    recordId: string,
    scope: Scope,
    file: FileWithObject,
  ): Promise<FileView> {
    const view: FileView = { ...file, recordId, scope };
    if (!isMultipartPending(file)) return view;
    const expiresIn = config.partUrlExpirySeconds;
    const expires = Math.floor(Date.now() / 1000) + expiresIn;
    view.partsDone = await partsHeld(file);
    view.partLinks = [];
    for (let part = 1; part <= file.entry.parts!; part++) {
      const direct = await storage.partUrl(
        file.object.storageKey,
        file.object.uploadId ?? '',
        part,
        expiresIn,
      );
      const url =
        direct ??
        `${deps.partRoute(recordId, file.entry.key, part)}?expires=${expires}&signature=${signer.sign(file.object.id, part, expires)}`;
      view.partLinks.push({ part, url, expiration: new Date(expires * 1000) });
    }
    return view;
  }

  async function listOf(bucket: Bucket): Promise<FileListView> {
    const files = await repo.list(bucket.recordId, bucket.scope === 'draft');
    return {
      recordId: bucket.recordId,
      scope: bucket.scope,
      enabled: bucket.document.files.enabled !== false,
      defaultPreview:
        typeof bucket.document.files.default_preview === 'string'
          ? bucket.document.files.default_preview
          : null,
      files: await Promise.all(files.map((f) => withParts(bucket.recordId, bucket.scope, f))),
      quota: await quotaOf(bucket.parentId),
    };
  }

  /** Drops the bytes of objects no entry names any more. */
  async function collect(objectIds: string[]): Promise<void> {
    const gone = await repo.deleteUnreferenced([...new Set(objectIds)]);
    for (const object of gone) await dropBytes(object);
  }

  async function dropBytes(object: FileObjectRow): Promise<void> {
    if (object.uploadId) await storage.abortMultipart(object.storageKey, object.uploadId);
    await storage.remove(object.storageKey);
  }

  function validateSpecs(specs: FileSpec[], existing: FileWithObject[]) {
    const errors: FieldError[] = [];
    const problem = (index: number, field: string, message: string) =>
      errors.push({ field: `${index}.${field}`, messages: [message] });
    const taken = new Set(
      existing.filter((f) => f.entry.status !== 'failed').map((f) => f.entry.key),
    );
    const seen = new Set<string>();
    specs.forEach((spec, index) => {
      const key = normalizeKey(spec.key);
      const keyIssue = keyProblem(key);
      if (keyIssue) return problem(index, 'key', keyIssue);
      if (taken.has(key) || seen.has(key)) {
        throw new DomainError('invalid', 'fileAlreadyExists', { params: { filename: key } });
      }
      seen.add(key);
      if (spec.size === 0 && !config.allowEmpty) {
        throw new DomainError('invalid', 'emptyFileNotAllowed', { params: { filename: key } });
      }
      if (spec.checksum !== undefined && !/^md5:[0-9a-f]{32}$/i.test(spec.checksum)) {
        problem(index, 'checksum', 'invalidChecksum');
      }
      if (spec.transfer?.type !== 'M') return;
      const { parts, part_size: partSize } = spec.transfer;
      if (spec.size === undefined) return problem(index, 'size', 'multipartSizeRequired');
      if (parts === undefined) return problem(index, 'transfer.parts', 'required');
      if (parts < 1 || parts > MAX_PARTS) {
        return problem(index, 'transfer.parts', 'tooManyParts');
      }
      const size = partSize ?? Math.ceil(spec.size / parts);
      // A single part may be small; otherwise S3's bounds hold for every part but the last.
      if (parts > 1 && (size < MIN_PART_SIZE || size > MAX_PART_SIZE)) {
        return problem(index, 'transfer.part_size', 'partSizeOutOfRange');
      }
      if (size * parts < spec.size || size * (parts - 1) >= Math.max(spec.size, 1)) {
        return problem(index, 'transfer.parts', 'partsDoNotMatchSize');
      }
    });
    if (errors.length) throw validationFailed(errors);
  }

  async function setObjectContent(
    file: FileWithObject,
    stored: { key: string; size: number; md5: string },
  ) {
    let previous: string | undefined;
    await db
      .transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        const object = await txRepo.lockObject(file.object.id);
        if (!object || object.status !== 'pending') {
          throw new DomainError('invalid', 'fileAlreadyCommitted', {
            params: { key: file.entry.key },
          });
        }
        previous = object.storageKey;
        await txRepo.updateObject(object.id, {
          storageKey: stored.key,
          size: stored.size,
          checksum: `md5:${stored.md5}`,
        });
        await txRepo.updateEntry(file.entry.id, {});
      })
      .catch(async (error: unknown) => {
        await storage.remove(stored.key);
        throw error;
      });
    if (previous && previous !== stored.key) await storage.remove(previous);
  }

  function sizeRefusal(error: unknown, key: string): never {
    if (error instanceof SizeLimitError) {
      throw new DomainError('invalid', 'fileSizeLimit', {
        params: { key, limit: error.limit, received: error.received },
      });
    }
    throw error;
  }

  async function markFailed(file: FileWithObject): Promise<void> {
    await repo.updateEntry(file.entry.id, { status: 'failed' });
  }

  /** An upload the sweep gave up (idle too long) takes no more bytes: it starts again from init. */
  function refuseAbandoned(file: FileWithObject): void {
    if (file.object.status === 'failed') {
      throw new DomainError('invalid', 'fileUploadAbandoned', { params: { key: file.entry.key } });
    }
  }

  const sweep = createFilesSweep({
    db,
    storage,
    staleUploadMs: config.staleUploadMs,
    dropBytes,
  });

  return {
    repo,

    async list(actor: Actor, id: string, scope: Scope): Promise<FileListView> {
      return listOf(await load(actor, id, scope, readAction(scope)));
    },

    async read(actor: Actor, id: string, scope: Scope, key: string): Promise<FileView> {
      const bucket = await load(actor, id, scope, readAction(scope));
      return withParts(id, scope, await find(bucket, key));
    },

    /** Announces uploads (API.md §2.3); answers with every file of the draft. */
    async init(actor: Actor, id: string, specs: FileSpec[]): Promise<FileListView> {
      const bucket = await writable(actor, id);
      if (bucket.document.files.enabled === false) {
        throw new DomainError('invalid', 'validation', {
          errors: [{ field: 'files.enabled', messages: ['filesNotEnabled'] }],
        });
      }
      if (specs.length === 0) throw new DomainError('invalid', 'noFilesToUpload');
      const replaced: string[] = [];
      const started: { key: string; uploadId: string }[] = [];
      try {
        await db.transaction(async (tx) => {
          const txRepo = createFilesRepository(tx);
          await txRepo.lockBucket(id);
          const existing = await txRepo.list(id, true);
          validateSpecs(specs, existing);
          const keys = new Set(specs.map((s) => normalizeKey(s.key)));
          // A failed upload under the same name gives way to the new one.
          for (const file of existing.filter(
            (f) => f.entry.status === 'failed' && keys.has(f.entry.key),
          )) {
            replaced.push(...(await txRepo.deleteEntries(id, true, file.entry.key)));
          }
          const kept = existing.filter(
            (f) => !(f.entry.status === 'failed' && keys.has(f.entry.key)),
          );
          checkQuota(await quotaOf(bucket.parentId, txRepo), kept, {
            count: specs.length,
            bytes: specs.reduce((sum, s) => sum + (s.size ?? 0), 0),
          });
          for (const spec of specs) {
            const key = normalizeKey(spec.key);
            const multipart = spec.transfer?.type === 'M';
            const object = await txRepo.insertObject({ storageKey: 'pending' });
            const storageKey = newStorageKey(object.id);
            let uploadId: string | null = null;
            if (multipart) {
              uploadId = await storage.startMultipart(storageKey, spec.size!);
              started.push({ key: storageKey, uploadId });
            }
            await txRepo.updateObject(object.id, { storageKey, uploadId });
            const parts = multipart ? spec.transfer!.parts! : null;
            await txRepo.insertEntry({
              recordId: id,
              draft: true,
              key,
              objectId: object.id,
              transferType: multipart ? 'M' : 'L',
              parts,
              partSize: multipart
                ? (spec.transfer!.part_size ?? Math.ceil(spec.size! / parts!))
                : null,
              declaredSize: spec.size ?? null,
              mimetype: mimetypeOf(key),
              metadata: {
                ...(spec.metadata ?? {}),
                ...(spec.checksum ? { declared_checksum: spec.checksum.toLowerCase() } : {}),
              },
              hidden: spec.access?.hidden ?? false,
            });
          }
        });
      } catch (error) {
        for (const upload of started) await storage.abortMultipart(upload.key, upload.uploadId);
        throw error;
      }
      await collect(replaced);
      return listOf(bucket);
    },

    /** Transfer L: the whole content, streamed to storage and hashed on the way. */
    async setContent(actor: Actor, id: string, key: string, body: UploadBody) {
      const bucket = await writable(actor, id);
      const file = await find(bucket, key);
      if (file.entry.transferType !== 'L') throw new DomainError('invalid', 'wrongTransferType');
      refuseAbandoned(file);
      if (file.entry.status !== 'pending') {
        throw new DomainError('invalid', 'fileAlreadyCommitted', {
          params: { key: file.entry.key },
        });
      }
      const others = (await repo.list(id, true)).filter((f) => f.entry.id !== file.entry.id);
      const quota = await quotaOf(bucket.parentId);
      const room = quota.maxBytes - others.reduce((sum, f) => sum + bytesOf(f), 0);
      const maxBytes = Math.min(file.entry.declaredSize ?? room, room);
      if (body.length !== undefined && body.length > maxBytes) {
        body.stream.resume();
        sizeRefusal(new SizeLimitError(maxBytes, body.length), file.entry.key);
      }
      const storageKey = newStorageKey(file.object.id);
      const stored = await storage
        .write(storageKey, body.stream, { maxBytes, takeChunks: body.takeChunks ?? false })
        .catch((error: unknown) => sizeRefusal(error, file.entry.key));
      if (file.entry.declaredSize !== null && stored.size !== file.entry.declaredSize) {
        await storage.remove(storageKey);
        throw new DomainError('invalid', 'fileSizeMismatch', {
          params: { key: file.entry.key, declared: file.entry.declaredSize, received: stored.size },
        });
      }
      await setObjectContent(file, { key: storageKey, ...stored });
      return withParts(id, 'draft', (await repo.find(id, true, file.entry.key))!);
    },

    /**
     * Transfer M through the server (local storage): one part, at its offset.
     * A signed URL stands in for the session; without one the actor must be
     * allowed to change the draft.
     */
    async writePart(
      access: { actor: Actor } | { signature: string; expires: number },
      id: string,
      key: string,
      part: number,
      body: UploadBody,
      contentMd5: string | undefined,
    ): Promise<FileView> {
      const bucket =
        'actor' in access
          ? await writable(access.actor, id)
          : await load(null, id, 'draft', 'canUpdateDraft');
      if (bucket.locked) throw new DomainError('invalid', 'filesLocked');
      const file = await find(bucket, key);
      if (!('actor' in access)) {
        const verdict = signer.check(file.object.id, part, access.expires, access.signature);
        if (verdict === 'expired') throw new DomainError('forbidden', 'partUrlExpired');
        if (verdict === 'invalid') throw permissionDenied();
      }
      refuseAbandoned(file);
      if (!isMultipartPending(file)) throw new DomainError('invalid', 'wrongTransferType');
      if (storage.kind !== 'local') throw new DomainError('invalid', 'partsGoToStorage');
      if (!Number.isInteger(part) || part < 1 || part > file.entry.parts!) {
        throw new DomainError('invalid', 'invalidPartNumber', {
          params: { max: file.entry.parts! },
        });
      }
      const size = partSizeOf(file, part);
      // The part is not held while its bytes change: a failed rewrite never counts as done.
      await repo.forgetPart(file.object.id, part);
      let written;
      try {
        written = await storage.writePart(
          file.object.storageKey,
          file.object.uploadId ?? '',
          { number: part, offset: (part - 1) * file.entry.partSize!, size },
          body.stream,
          { md5: contentMd5 !== undefined, takeChunks: body.takeChunks ?? false },
        );
      } catch (error) {
        if (error instanceof SizeLimitError) {
          throw new DomainError('invalid', 'partSizeMismatch', { params: { part, size } });
        }
        throw error;
      }
      if (contentMd5 !== undefined && contentMd5 !== md5Base64(written.md5 ?? '')) {
        throw new DomainError('invalid', 'contentMd5Mismatch', { params: { part } });
      }
      await repo.recordPart(file.object.id, part, written.size, written.md5);
      return withParts(id, 'draft', file);
    },

    /** Finalises an upload: the bytes in storage are checked and the file completed atomically. */
    async commit(actor: Actor, id: string, key: string): Promise<FileView> {
      const bucket = await writable(actor, id);
      const file = await find(bucket, key);
      if (file.entry.status === 'completed') return withParts(id, 'draft', file);
      refuseAbandoned(file);
      const declaredChecksum = file.entry.metadata.declared_checksum;
      let stored: { size: number; md5: string };
      if (file.entry.transferType === 'M') {
        const fromStorage = await storage.heldParts(
          file.object.storageKey,
          file.object.uploadId ?? '',
        );
        // Parts sent straight to S3 are checked here: every part but the last is part_size.
        for (const held of fromStorage ?? []) {
          const expected = partSizeOf(file, held.part);
          if (held.size !== expected) {
            throw new DomainError('invalid', 'partSizeMismatch', {
              params: { part: held.part, size: expected },
            });
          }
        }
        const held = fromStorage ? fromStorage.map((p) => p.part) : await partsHeld(file);
        const missing: number[] = [];
        for (let part = 1; part <= file.entry.parts!; part++)
          if (!held.includes(part)) missing.push(part);
        if (missing.length) {
          throw new DomainError('invalid', 'missingParts', {
            params: { parts: missing.slice(0, 20).join(', ') },
          });
        }
        await storage.completeMultipart(
          file.object.storageKey,
          file.object.uploadId ?? '',
          file.entry.parts!,
        );
        const hashed = await storage.hash(file.object.storageKey);
        if (!hashed)
          throw new DomainError('invalid', 'fileNoContent', { params: { key: file.entry.key } });
        stored = hashed;
      } else {
        if (!file.object.checksum || file.object.size === null) {
          throw new DomainError('invalid', 'fileNoContent', { params: { key: file.entry.key } });
        }
        stored = { size: file.object.size, md5: file.object.checksum.slice(4) };
      }
      if (file.entry.declaredSize !== null && stored.size !== file.entry.declaredSize) {
        await markFailed(file);
        throw new DomainError('invalid', 'fileSizeMismatch', {
          params: { key: file.entry.key, declared: file.entry.declaredSize, received: stored.size },
        });
      }
      if (stored.size === 0 && !config.allowEmpty) {
        throw new DomainError('invalid', 'emptyFileNotAllowed', {
          params: { filename: file.entry.key },
        });
      }
      if (typeof declaredChecksum === 'string' && declaredChecksum !== `md5:${stored.md5}`) {
        await markFailed(file);
        throw new DomainError('invalid', 'fileChecksumMismatch', {
          params: { key: file.entry.key },
        });
      }
      await db.transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        const object = await txRepo.lockObject(file.object.id);
        if (!object || object.storageKey !== file.object.storageKey) {
          throw new DomainError('conflict', 'fileChanged', { params: { key: file.entry.key } });
        }
        await txRepo.updateObject(object.id, {
          status: 'completed',
          size: stored.size,
          checksum: `md5:${stored.md5}`,
          uploadId: null,
        });
        await txRepo.updateEntry(file.entry.id, {
          status: 'completed',
          transferType: 'L',
          parts: null,
          partSize: null,
        });
      });
      return withParts(id, 'draft', (await repo.find(id, true, file.entry.key))!);
    },

    async updateMetadata(
      actor: Actor,
      id: string,
      key: string,
      body: {
        metadata?: Record<string, unknown> | undefined;
        access?: { hidden?: boolean | undefined } | undefined;
      },
    ): Promise<FileView> {
      const bucket = await writable(actor, id);
      const file = await find(bucket, key);
      const declared = file.entry.metadata.declared_checksum;
      await repo.updateEntry(file.entry.id, {
        ...(body.metadata
          ? { metadata: { ...body.metadata, ...(declared ? { declared_checksum: declared } : {}) } }
          : {}),
        ...(body.access?.hidden !== undefined ? { hidden: body.access.hidden } : {}),
      });
      return withParts(id, 'draft', (await repo.find(id, true, file.entry.key))!);
    },

    /** Deletes a file; a pending multipart upload is aborted in storage. */
    async remove(actor: Actor, id: string, key: string): Promise<void> {
      const bucket = await writable(actor, id);
      const file = await find(bucket, key);
      await collect(await repo.deleteEntries(id, true, file.entry.key));
    },

    async removeAll(actor: Actor, id: string): Promise<void> {
      await writable(actor, id);
      await collect(await repo.deleteEntries(id, true));
    },

    /** Imports the files of the previous version into a new-version draft, copying no bytes. */
    async importFiles(actor: Actor, id: string): Promise<FileListView> {
      const bucket = await writable(actor, id);
      const refuse = (message: string) =>
        new DomainError('invalid', 'validation', {
          errors: [{ field: 'files.enabled', messages: [message] }],
        });
      if (bucket.document.files.enabled === false) throw refuse('filesNotEnabled');
      const previous = await records.latestRecord(bucket.parentId);
      if (!previous) throw refuse('recordHasNoFiles');
      await load(actor, previous.id, 'record', 'canReadFiles');
      await db.transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        await txRepo.lockBucket(id);
        if ((await txRepo.list(id, true)).length > 0) throw refuse('removeFilesFirst');
        if ((await txRepo.list(previous.id, false)).length === 0) throw refuse('recordHasNoFiles');
        await txRepo.copyEntries(
          { recordId: previous.id, draft: false },
          { recordId: id, draft: true },
        );
      });
      return listOf(bucket);
    },

    /** A completed file's bytes (or a range of them), for download. */
    async content(actor: Actor, id: string, scope: Scope, key: string) {
      const bucket = await load(actor, id, scope, readAction(scope));
      const file = await find(bucket, key);
      if (file.entry.status !== 'completed') {
        throw new DomainError('notFound', 'fileNotCommitted', { params: { key: file.entry.key } });
      }
      return {
        file: { ...file, recordId: id, scope } satisfies FileView,
        open: (range?: ByteRange) => storage.read(file.object.storageKey, range),
      };
    },

    /** Every completed file, for the zip archive. */
    async archive(actor: Actor, id: string, scope: Scope) {
      const bucket = await load(actor, id, scope, readAction(scope));
      const files = (await repo.list(id, scope === 'draft')).filter(
        (f) => f.entry.status === 'completed',
      );
      return {
        files,
        open: (file: FileWithObject) => storage.read(file.object.storageKey),
        name: bucket.recordId,
      };
    },

    /** Sets a record's quota (administrators; SPEC §9 gives the default). */
    async setQuota(actor: Actor, id: string, quota: Quota): Promise<Quota & { recordId: string }> {
      if (!actor.identity.isAdmin && !actor.identity.isSystem) throw permissionDenied();
      const bucket = (await bucketOf(id, 'draft')) ?? (await bucketOf(id, 'record'));
      if (!bucket) throw notFound();
      await repo.setQuota(bucket.parentId, quota.maxFiles, quota.maxBytes);
      return { recordId: id, ...quota };
    },

    async quota(actor: Actor, id: string): Promise<Quota & { recordId: string }> {
      const bucket = (await bucketOf(id, 'draft')) ?? (await bucketOf(id, 'record'));
      if (!bucket) throw notFound();
      if (!canOnRecord('canReadDraft', actor, bucket.facts)) throw permissionDenied();
      return { recordId: id, ...(await quotaOf(bucket.parentId)) };
    },

    /** At start: drops what uploads cut off by a crash left in storage. Pending files stay resumable. */
    recover: () => storage.sweepTemporary(),

    /** Abandons idle uploads and drops bytes no row names (files-sweep.ts); `now` for tests. */
    sweep,

    collect,
    withParts,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
