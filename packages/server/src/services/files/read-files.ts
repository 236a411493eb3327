import type { Actor } from '../../permissions/records.policy.ts';
import type { ByteRange } from '../../storage/storage.ts';
import { DomainError } from '../errors.ts';
import type { FileBuckets, FileListView, FilesDeps, FileView, Scope } from './file-buckets.ts';
import { withSha256 } from './file-sha256.ts';
import { CrcCache, filesArchive } from './files-archive.ts';
import { manifestSha256 } from './manifest.ts';
import { titleOf } from '../sharing/link-uses.service.ts';

/** Reading files: lists, single entries, their bytes and zip archives of them. */
export function readFiles(deps: FilesDeps, buckets: FileBuckets) {
  const { db, storage } = deps;
  const crcs = new CrcCache(200_000);
  const load = (actor: Actor, id: string, scope: Scope) =>
    buckets.load(actor, id, scope, buckets.readAction(scope));

  /** The completed files of a draft or record, their SHA-256 known. */
  async function completed(actor: Actor, id: string, scope: Scope) {
    const bucket = await load(actor, id, scope);
    const all = bucket.files.entries ?? (await buckets.repo.list(id, scope === 'draft'));
    const files = all.filter((f) => f.entry.status === 'completed');
    return { bucket, files: await withSha256(db, storage, files) };
  }

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
        /** What a secret link's use of it is checked against. */
        facts: bucket.facts,
        title: titleOf(bucket.document.metadata),
        open: (range?: ByteRange) => storage.read(file.object.storageKey, range),
      };
    },

    /**
     * A zip of every completed file and their SHA-256 manifest (stored, its
     * length and ETag known before a byte is read).
     */
    async archive(actor: Actor, id: string, scope: Scope) {
      const { bucket, files } = await completed(actor, id, scope);
      return {
        ...filesArchive(files, storage, crcs),
        name: bucket.id,
        parentId: bucket.parent.id,
        facts: bucket.facts,
        title: titleOf(bucket.document.metadata),
      };
    },

    /** The BagIt-style `manifest-sha256.txt` of every completed file. */
    async manifest(actor: Actor, id: string, scope: Scope) {
      const { bucket, files } = await completed(actor, id, scope);
      const lines = files.map((f) => ({ key: f.entry.key, sha256: f.object.sha256 }));
      return { text: manifestSha256(lines), name: bucket.id };
    },
  };
}
