import type { Actor } from '../../permissions/records.policy.ts';
import type { StoredBytes } from '../../storage/storage.ts';
import { DomainError } from '../errors.ts';
import type { FileBuckets, FilesDeps, FileView } from './file-buckets.ts';
import { createFilesRepository, type FileWithObject } from './files.repository.ts';

/** Finalising an upload: the bytes in storage are checked and the file completed atomically. */
export function commitFile(deps: FilesDeps, buckets: FileBuckets) {
  const { db, storage, config } = deps;
  const { repo } = buckets;

  async function markFailed(file: FileWithObject): Promise<void> {
    await repo.updateEntry(file.entry.id, { status: 'failed' });
  }

  /** Transfer M: every part is held, at its size; the parts are joined and hashed. */
  async function joinParts(file: FileWithObject): Promise<StoredBytes> {
    const fromStorage = await storage.heldParts(file.object.storageKey, file.object.uploadId ?? '');
    // Parts sent straight to S3 are checked here: every part but the last is part_size.
    for (const held of fromStorage?.parts ?? []) {
      const expected = buckets.partSizeOf(file, held.part);
      if (held.size !== expected) {
        throw new DomainError('invalid', 'partSizeMismatch', {
          params: { part: held.part, size: expected },
        });
      }
    }
    const held = fromStorage
      ? fromStorage.parts.map((p) => p.part)
      : (await buckets.partsHeld(file)).parts;
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
    return hashed;
  }

  /**
   * Parts once joined are one object (S3 forgets the upload): the file stays
   * pending, as if uploaded whole, so that a commit may be tried again.
   */
  async function keepJoined(file: FileWithObject, stored: StoredBytes): Promise<void> {
    await db.transaction(async (tx) => {
      const txRepo = createFilesRepository(tx);
      await txRepo.updateObject(file.object.id, {
        size: stored.size,
        checksum: `md5:${stored.md5}`,
        sha256: stored.sha256,
        uploadId: null,
      });
      await txRepo.updateEntry(file.entry.id, { transferType: 'L', parts: null, partSize: null });
    });
  }

  return {
    /**
     * Completes an upload once its bytes are checked: the size and MD5 announced
     * at init, and the uploader's SHA-256 (`sha256`, or announced at init), which
     * marks the file verified. A SHA-256 that disagrees leaves the file pending,
     * its bytes kept, to be sent again.
     */
    async commit(actor: Actor, id: string, key: string, sha256?: string): Promise<FileView> {
      const { file } = await buckets.target(actor, id, key, 'canCommitFiles');
      if (file.entry.status === 'completed') return buckets.withParts(id, 'draft', file);
      buckets.refuseAbandoned(file);
      const declaredChecksum = file.entry.metadata.declared_checksum;
      const declaredSha256 = sha256?.toLowerCase() ?? file.entry.metadata.declared_sha256;
      let stored: StoredBytes;
      if (file.entry.transferType === 'M') {
        stored = await joinParts(file);
      } else {
        if (!file.object.checksum || file.object.size === null) {
          throw new DomainError('invalid', 'fileNoContent', { params: { key: file.entry.key } });
        }
        // Bytes stored before SHA-256 was computed beside the MD5 are read once more.
        const sha256 = file.object.sha256 ?? (await storage.hash(file.object.storageKey))?.sha256;
        if (!sha256) {
          throw new DomainError('invalid', 'fileNoContent', { params: { key: file.entry.key } });
        }
        stored = { size: file.object.size, md5: file.object.checksum.slice(4), sha256 };
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
      if (typeof declaredSha256 === 'string' && declaredSha256 !== stored.sha256) {
        if (file.entry.transferType === 'M') await keepJoined(file, stored);
        throw new DomainError('invalid', 'fileChecksumMismatch', {
          params: { key: file.entry.key },
        });
      }
      const committed = await db.transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        const object = await txRepo.lockObject(file.object.id);
        if (!object || object.storageKey !== file.object.storageKey) {
          throw new DomainError('conflict', 'fileChanged', { params: { key: file.entry.key } });
        }
        const now = await txRepo.updateObject(object.id, {
          status: 'completed',
          size: stored.size,
          checksum: `md5:${stored.md5}`,
          sha256: stored.sha256,
          verified: typeof declaredSha256 === 'string',
          uploadId: null,
        });
        const entry = await txRepo.updateEntry(file.entry.id, {
          status: 'completed',
          transferType: 'L',
          parts: null,
          partSize: null,
        });
        return { entry, object: now! };
      });
      return buckets.withParts(id, 'draft', committed);
    },
  };
}
