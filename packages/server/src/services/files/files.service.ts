import { changeFiles } from './change-files.ts';
import { commitFile } from './commit-file.ts';
import { fileBuckets, type FilesDeps } from './file-buckets.ts';
import { createFilesSweep } from './files-sweep.ts';
import { partPages } from './part-pages.ts';
import { readFiles } from './read-files.ts';
import { recordQuota } from './record-quota.ts';
import { uploadFiles } from './upload-files.ts';

export type { FileListView, FileView, PartLink, PartRoute, Scope } from './file-buckets.ts';
export { INLINE_PART_LINKS } from './file-buckets.ts';
export { PART_PAGE_MAX, type PartLinksPage } from './part-pages.ts';
export {
  MAX_PARTS,
  MAX_PART_SIZE,
  MIN_PART_SIZE,
  type FileSpec,
  type UploadBody,
} from './upload-files.ts';

/**
 * Files of drafts and records: uploads (local and multipart), commits,
 * quotas, imports between versions, and reads, one module per operation.
 * Bytes stream between the client and storage; the database says which
 * bytes are complete. Every operation acts on a record context, with the
 * permission the records policy gives for it.
 */
export function createFilesService(deps: FilesDeps) {
  const buckets = fileBuckets(deps);
  return {
    repo: buckets.repo,
    ...readFiles(deps, buckets),
    ...uploadFiles(deps, buckets),
    ...partPages(buckets),
    ...commitFile(deps, buckets),
    ...changeFiles(deps, buckets),
    ...recordQuota(buckets, deps.db),

    /** At start: drops what uploads cut off by a crash left in storage. Pending files stay resumable. */
    recover: () => deps.storage.sweepTemporary(),

    /** Abandons idle uploads and drops bytes no row names (files-sweep.ts); `now` for tests. */
    sweep: createFilesSweep({
      db: deps.db,
      storage: deps.storage,
      staleUploadMs: deps.config.staleUploadMs,
      dropBytes: buckets.dropBytes,
      otherOwners: deps.otherOwners ?? [],
    }),

    collect: buckets.collect,
    withParts: buckets.withParts,
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
