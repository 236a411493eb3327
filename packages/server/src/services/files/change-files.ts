import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError } from '../errors.ts';
import { forgetDefaultPreview } from '../records/default-preview.ts';
import { createRecordRepository } from '../records/repository.ts';
import type { FileBuckets, FileListView, FilesDeps, FileView } from './file-buckets.ts';
import { createFilesRepository } from './files.repository.ts';

/** Changing a draft's files: their metadata, deleting them, importing the previous version's. */
export function changeFiles(deps: FilesDeps, buckets: FileBuckets) {
  const { db } = deps;
  const { repo } = buckets;
  const records = createRecordRepository(db);

  return {
    async updateMetadata(
      actor: Actor,
      id: string,
      key: string,
      body: {
        metadata?: Record<string, unknown> | undefined;
        access?: { hidden?: boolean | undefined } | undefined;
      },
    ): Promise<FileView> {
      const bucket = await buckets.writable(actor, id, 'canUpdateFileMetadata');
      const file = await buckets.find(bucket, key);
      // The announced checksums are the uploader's, kept whatever the new metadata says.
      const { declared_checksum: md5, declared_sha256: sha256 } = file.entry.metadata;
      const { declared_checksum: _md5, declared_sha256: _sha256, ...given } = body.metadata ?? {};
      const declared = {
        ...(md5 ? { declared_checksum: md5 } : {}),
        ...(sha256 ? { declared_sha256: sha256 } : {}),
      };
      await repo.updateEntry(file.entry.id, {
        ...(body.metadata ? { metadata: { ...given, ...declared } } : {}),
        ...(body.access?.hidden !== undefined ? { hidden: body.access.hidden } : {}),
      });
      return buckets.withParts(id, 'draft', (await repo.find(id, true, file.entry.key))!);
    },

    /** Deletes a file; a pending multipart upload is aborted in storage. */
    async remove(actor: Actor, id: string, key: string): Promise<void> {
      const bucket = await buckets.writable(actor, id, 'canDeleteFiles');
      const file = await buckets.find(bucket, key);
      await buckets.collect(await repo.deleteEntries(id, true, file.entry.key));
      await forgetDefaultPreview(db, id, file.entry.key);
    },

    async removeAll(actor: Actor, id: string): Promise<void> {
      await buckets.writable(actor, id, 'canDeleteFiles');
      await buckets.collect(await repo.deleteEntries(id, true));
      await forgetDefaultPreview(db, id);
    },

    /** Imports the files of the previous version into a new-version draft, copying no bytes. */
    async importFiles(actor: Actor, id: string): Promise<FileListView> {
      const bucket = await buckets.writable(actor, id, 'canImportFiles', true);
      const refuse = (message: string) =>
        new DomainError('invalid', 'validation', {
          errors: [{ field: 'files.enabled', messages: [message] }],
        });
      // A first version has no previous one to import from (InvenioRDM: 404).
      const previous = await records.latestRecord(bucket.parent.id);
      if (!previous) throw new DomainError('notFound', 'resultNotFound');
      if (bucket.document.files.enabled === false) throw refuse('filesNotEnabled');
      await buckets.load(actor, previous.id, 'record', 'canReadFiles');
      await db.transaction(async (tx) => {
        const txRepo = createFilesRepository(tx);
        await txRepo.lockBucket(id);
        if ((await txRepo.totals(id, true)).files > 0) throw refuse('removeFilesFirst');
        if ((await txRepo.totals(previous.id, false)).files === 0) {
          throw refuse('recordHasNoFiles');
        }
        await txRepo.copyEntries(
          { recordId: previous.id, draft: false },
          { recordId: id, draft: true },
        );
      });
      return buckets.listing(bucket);
    },
  };
}
