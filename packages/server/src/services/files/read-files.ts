import type { Actor } from '../../permissions/records.policy.ts';
import type { ByteRange } from '../../storage/storage.ts';
import { DomainError } from '../errors.ts';
import type { FileBuckets, FileListView, FilesDeps, FileView, Scope } from './file-buckets.ts';
import { CrcCache, filesArchive } from './files-archive.ts';

/** Reading files: lists, single entries, their bytes and zip archives of them. */
export function readFiles(deps: FilesDeps, buckets: FileBuckets) {
  const { storage } = deps;
  const crcs = new CrcCache(200_000);
  const load = (actor: Actor, id: string, scope: Scope) =>
    buckets.load(actor, id, scope, buckets.readAction(scope));

  return {
    /** The files listing: all of a small record's, else a page (`size`, `after` a key). */
    async list(
      actor: Actor,
      id: string,
      scope: Scope,
      page: { size?: number | undefined; after?: string | undefined } = {},
    ): Promise<FileListView> {
      const bucket = await buckets.load(actor, id, scope, buckets.readAction(scope), true);
      return buckets.listing(bucket, page);
    },

    async read(actor: Actor, id: string, scope: Scope, key: string): Promise<FileView> {
      const bucket = await load(actor, id, scope);
      return buckets.withParts(id, scope, await buckets.find(bucket, key, false));
    },

    /** A completed file's bytes (or a range of them), for download. */
    async content(actor: Actor, id: string, scope: Scope, key: string) {
      const bucket = await load(actor, id, scope);
      const file = await buckets.find(bucket, key, false);
      if (file.entry.status !== 'completed') {
        throw new DomainError('notFound', 'fileNotCommitted', { params: { key: file.entry.key } });
      }
      return {
        file: { ...file, recordId: id, scope } satisfies FileView,
        /** Whose statistics a download counts in. */
        parentId: bucket.parent.id,
        open: (range?: ByteRange) => storage.read(file.object.storageKey, range),
      };
    },

    /** A zip of every completed file (stored, its length and ETag known before a byte is read). */
    async archive(actor: Actor, id: string, scope: Scope) {
      const bucket = await load(actor, id, scope);
      const all = bucket.files.entries ?? (await buckets.repo.list(id, scope === 'draft'));
      const files = all.filter((f) => f.entry.status === 'completed');
      return { ...filesArchive(files, storage, crcs), name: bucket.id, parentId: bucket.parent.id };
    },
  };
}
