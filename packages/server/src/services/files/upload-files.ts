import type { Readable } from 'node:stream';
import type { FieldError } from '@arca/schema';
import type { Actor } from '../../permissions/records.policy.ts';
import { SizeLimitError } from '../../storage/storage.ts';
import { DomainError, permissionDenied, validationFailed } from '../errors.ts';
import type { FileBuckets, FileListView, FilesDeps, FileView } from './file-buckets.ts';
import { INLINE_PART_LINKS } from './file-buckets.ts';
import type { FileTarget } from './file-target.ts';
import { createFilesRepository, type FileWithObject } from './files.repository.ts';
import { keyProblem, mimetypeOf, normalizeKey } from './keys.ts';
import { bytesOf, checkQuota } from './quota.ts';
import { newStorageKey } from './storage-keys.ts';
import { reservingStream } from './upload-reservation.ts';
import { userStorageRefusal } from '../user-limits.ts';

// SPEC §9 and S3's own limits.
export const MAX_PARTS = 10_000;
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_SIZE = 0x140000000;

export interface FileSpec {
  key: string;
  size?: number | undefined;
  checksum?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  access?: { hidden?: boolean | undefined } | undefined;
  transfer?:
    | {
        type?: 'L' | 'M' | 'R' | 'F' | undefined;
        parts?: number | undefined;
        part_size?: number | undefined;
        /** Beyond InvenioRDM: each part will be sent with its SHA-256 (where storage checks it). */
        part_checksum?: 'sha256' | undefined;
      }
    | undefined;
}

/** Bytes sent by a client: a request body, its announced length. */
export interface UploadBody {
  stream: Readable;
  length?: number | undefined;
  /** Nothing else reads the body's chunks (a request read from its socket): storage may take them. */
  takeChunks?: boolean;
}

/** A checksum an uploader may announce: MD5 (as InvenioRDM) or SHA-256. */
const DECLARED_CHECKSUM = /^(md5:[0-9a-f]{32}|sha256:[0-9a-f]{64})$/i;

/** Where an announced checksum is kept in the entry's metadata (hidden from readers). */
function declaredChecksum(checksum: string | undefined): Record<string, string> {
  if (!checksum) return {};
  const value = checksum.toLowerCase();
  return value.startsWith('sha256:')
    ? { declared_sha256: value.slice(7) }
    : { declared_checksum: value };
}

const md5Base64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

function sizeRefusal(error: unknown, key: string): never {
  if (error instanceof SizeLimitError) {
    throw new DomainError('invalid', 'fileSizeLimit', {
      params: { key, limit: error.limit, received: error.received },
    });
  }
  throw error;
}

/** Announcing uploads (API.md §2.3) and receiving their bytes: whole (L) or in parts (M). */
export function uploadFiles(deps: FilesDeps, buckets: FileBuckets) {
  const { db, storage, config, signer, userLimits } = deps;
  const { repo } = buckets;

  /**
   * Holds quota for an upload of unknown size (upload-reservation.ts), under the
   * record's lock and the owner's: what the other files of the record and of
   * the owner count, with their holds, is what is left.
   */
  function reserveFor({ id, quota, ownerId, file }: FileTarget) {
    return (needed: number, wanted: number) =>
      db.transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        await txRepo.lockBucket(id);
        // The record's running total, less what this file holds now (it grows as bytes arrive).
        const now = (await txRepo.find(id, true, file.entry.key)) ?? file;
        const others = (await txRepo.totals(id, true)).bytes - bytesOf(now);
        const room = quota.maxBytes - others;
        if (needed > room) throw new SizeLimitError(Math.max(room, 0), needed);
        const user = await userLimits.roomOf(tx, ownerId, file.object.id);
        if (needed > user.room) throw userStorageRefusal(user.used + needed, user.limit);
        const granted = Math.min(wanted, room, user.room);
        await txRepo.updateObject(file.object.id, { reserved: granted });
        return granted;
      });
  }

  function validateSpecs(specs: FileSpec[], existing: FileWithObject[]) {
    const errors: FieldError[] = [];
    const problem = (index: number, field: string, message: string) =>
      errors.push({ field: `${index}.${field}`, messages: [message] });
    const taken = new Set(
      existing.filter((f) => f.entry.status !== 'failed').map((f) => f.entry.key),
    );
    const seen = new Set<string>();
    // Remote and fetched files are for system processes in InvenioRDM (IfTransferType):
    // a user asking for them is refused, whatever else the request holds.
    if (specs.some((spec) => spec.transfer?.type === 'R' || spec.transfer?.type === 'F')) {
      throw permissionDenied();
    }
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
      if (spec.checksum !== undefined && !DECLARED_CHECKSUM.test(spec.checksum)) {
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
      // Local storage writes parts at their offsets and takes any size, as InvenioRDM's does.
      const minimum = storage.kind === 's3' ? MIN_PART_SIZE : 1;
      if (parts > 1 && (size < minimum || size > MAX_PART_SIZE)) {
        return problem(index, 'transfer.part_size', 'partSizeOutOfRange');
      }
      if (size * parts < spec.size || size * (parts - 1) >= Math.max(spec.size, 1)) {
        return problem(index, 'transfer.parts', 'partsDoNotMatchSize');
      }
    });
    if (errors.length) throw validationFailed(errors);
  }

  /** Names the stored bytes as the file's content; answers the file as it is now. */
  async function setObjectContent(
    file: FileWithObject,
    stored: { key: string; size: number; md5: string; sha256: string },
  ): Promise<FileWithObject> {
    let previous: string | undefined;
    const updated = await db
      .transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        const object = await txRepo.lockObject(file.object.id);
        if (!object || object.status !== 'pending') {
          throw new DomainError('invalid', 'fileAlreadyCommitted', {
            params: { key: file.entry.key },
          });
        }
        previous = object.storageKey;
        const now = await txRepo.updateObject(object.id, {
          storageKey: stored.key,
          size: stored.size,
          checksum: `md5:${stored.md5}`,
          sha256: stored.sha256,
          reserved: 0,
        });
        return { entry: await txRepo.updateEntry(file.entry.id, {}), object: now! };
      })
      .catch(async (error: unknown) => {
        await storage.remove(stored.key);
        throw error;
      });
    if (previous && previous !== stored.key) await storage.remove(previous);
    return updated;
  }

  return {
    /** Announces uploads (API.md §2.3); answers with the files created and the record's totals. */
    async init(actor: Actor, id: string, specs: FileSpec[]): Promise<FileListView> {
      const bucket = await buckets.writable(actor, id, 'canCreateFiles', true);
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
          const keys = new Set(specs.map((s) => normalizeKey(s.key)));
          // Only the files under the announced keys: the others count through the totals.
          const existing = await txRepo.findMany(id, true, [...keys]);
          validateSpecs(specs, existing);
          // A failed upload under the same name gives way to the new one.
          const givingWay = (f: FileWithObject) =>
            f.entry.status === 'failed' && keys.has(f.entry.key);
          for (const file of existing.filter(givingWay)) {
            replaced.push(...(await txRepo.deleteEntries(id, true, file.entry.key)));
          }
          const declared = specs.reduce((sum, s) => sum + (s.size ?? 0), 0);
          checkQuota(bucket.quota, await txRepo.totals(id, true), {
            count: specs.length,
            bytes: declared,
          });
          await userLimits.checkBytes(tx, bucket.parent.ownerId, declared);
          for (const spec of specs) {
            const key = normalizeKey(spec.key);
            const multipart = spec.transfer?.type === 'M';
            const object = await txRepo.insertObject({
              storageKey: 'pending',
              parentId: bucket.parent.id,
              declaredSize: spec.size ?? null,
            });
            const storageKey = newStorageKey(object.id);
            let uploadId: string | null = null;
            if (multipart) {
              uploadId = await storage.startMultipart(storageKey, spec.size!, {
                partSha256: spec.transfer?.part_checksum === 'sha256',
              });
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
                ...declaredChecksum(spec.checksum),
              },
              hidden: spec.access?.hidden ?? false,
            });
          }
        });
      } catch (error) {
        for (const upload of started) await storage.abortMultipart(upload.key, upload.uploadId);
        throw error;
      }
      await buckets.collect(replaced);
      // Only the files this call created (and the record's totals): never the whole list.
      const created = await repo.findMany(id, true, [
        ...new Set(specs.map((s) => normalizeKey(s.key))),
      ]);
      const order = new Map(specs.map((s, i) => [normalizeKey(s.key), i]));
      created.sort((a, b) => order.get(a.entry.key)! - order.get(b.entry.key)!);
      return buckets.listOf(bucket, created, await repo.totals(id, true));
    },

    /** Transfer L: the whole content, streamed to storage and hashed on the way. */
    async setContent(actor: Actor, id: string, key: string, body: UploadBody): Promise<FileView> {
      const target = await buckets.target(actor, id, key, 'canCreateFiles');
      const { file, quota } = target;
      if (file.entry.transferType !== 'L') throw new DomainError('invalid', 'wrongTransferType');
      buckets.refuseAbandoned(file);
      if (file.entry.status !== 'pending') {
        throw new DomainError('invalid', 'fileAlreadyCommitted', {
          params: { key: file.entry.key },
        });
      }
      // The record's running total, less what this file counts for already.
      const others = target.totals.bytes - bytesOf(file);
      const room = quota.maxBytes - others;
      const maxBytes = Math.min(file.entry.declaredSize ?? room, room);
      if (body.length !== undefined && body.length > maxBytes) {
        body.stream.resume();
        sizeRefusal(new SizeLimitError(maxBytes, body.length), file.entry.key);
      }
      const storageKey = newStorageKey(file.object.id);
      // Without an announced size, nothing was counted at init: quota is held as bytes arrive.
      const source =
        file.entry.declaredSize === null
          ? body.stream.pipe(reservingStream(reserveFor(target)))
          : body.stream;
      if (source !== body.stream) {
        body.stream.on('error', (error) => source.destroy(error));
        // A refusal can come before storage reads the stream; storage.write sees it then.
        source.on('error', () => undefined);
      }
      const stored = await storage
        .write(storageKey, source, { maxBytes, takeChunks: body.takeChunks ?? false })
        .catch(async (error: unknown) => {
          if (source !== body.stream) {
            body.stream.unpipe();
            body.stream.resume();
            await repo.updateObject(file.object.id, { reserved: 0 });
          }
          return sizeRefusal(error, file.entry.key);
        });
      if (file.entry.declaredSize !== null && stored.size !== file.entry.declaredSize) {
        await storage.remove(storageKey);
        throw new DomainError('invalid', 'fileSizeMismatch', {
          params: { key: file.entry.key, declared: file.entry.declaredSize, received: stored.size },
        });
      }
      return buckets.withParts(
        id,
        'draft',
        await setObjectContent(file, { key: storageKey, ...stored }),
      );
    },

    /**
     * Transfer M through the server (local storage): one part, at its offset.
     * A signed URL stands in for the session; without one the actor must be
     * allowed to add files to the draft.
     */
    async writePart(
      access: { actor: Actor } | { signature: string; expires: number },
      id: string,
      key: string,
      part: number,
      body: UploadBody,
      contentMd5: string | undefined,
    ): Promise<FileView> {
      const { file } = await buckets.target(
        'actor' in access ? access.actor : null,
        id,
        key,
        'canCreateFiles',
      );
      if (!('actor' in access)) {
        const verdict = signer.check(file.object.id, part, access.expires, access.signature);
        if (verdict === 'expired') throw new DomainError('forbidden', 'partUrlExpired');
        if (verdict === 'invalid') throw permissionDenied();
      }
      buckets.refuseAbandoned(file);
      if (!buckets.isMultipartPending(file)) throw new DomainError('invalid', 'wrongTransferType');
      if (storage.kind !== 'local') throw new DomainError('invalid', 'partsGoToStorage');
      if (!Number.isInteger(part) || part < 1 || part > file.entry.parts!) {
        throw new DomainError('invalid', 'invalidPartNumber', {
          params: { max: file.entry.parts! },
        });
      }
      const size = buckets.partSizeOf(file, part);
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
      const held = await repo.recordPart(file.object.id, part, written.size, written.md5);
      return buckets.withParts(id, 'draft', file, INLINE_PART_LINKS, held);
    },
  };
}
