import type { Actor } from '../../permissions/records.policy.ts';
import type { ByteRange } from '../../storage/storage.ts';
import { DomainError } from '../errors.ts';
import type { FileBuckets, FileListView, FilesDeps, FileView, Scope } from './file-buckets.ts';
import type { FileWithObject } from './files.repository.ts';

/** Reading files: lists, single entries, their bytes and zip archives of them. */
export function readFiles(deps: FilesDeps, buckets: FileBuckets) {
  const { storage } = deps;
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
      const file = await buckets.find(await load(actor, id, scope), key, false);
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
      const bucket = await load(actor, id, scope);
      const files = bucket.files.entries ?? (await buckets.repo.list(id, scope === 'draft'));
      return {
        files: files.filter((f) => f.entry.status === 'completed'),
        open: (file: FileWithObject) => storage.read(file.object.storageKey),
        name: bucket.id,
      };
    },
  };
}
