import type { Database } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { createFilesRepository, type FileObjectRow } from './files.repository.ts';
import { isStorageKey, newStorageKey } from './storage-keys.ts';

/** The persisted job that runs the sweep (once at each start, then every interval). */
export const FILES_SWEEP_JOB = 'files-sweep';

/**
 * Stored bytes no row names are left alone this long: an upload writes its
 * bytes before the row that names them, and may start (S3) inside a
 * transaction not committed yet.
 */
export const ORPHAN_GRACE_MS = 3600_000;

export interface SweepCounts {
  /** Object rows no entry named any more (their bytes dropped with them). */
  orphanRows: number;
  /** Uploads idle past the configured age: their files marked failed, their bytes dropped. */
  abandonedUploads: number;
  /** Objects, temporary files and multipart uploads in storage that no row named. */
  orphanBytes: number;
}

/**
 * Keys another service keeps in the same storage (community logos): the sweep
 * drops those of its keys, past the grace period, that it no longer names.
 */
export interface KeyOwner {
  owns(key: string): boolean;
  /** Which of `keys` are still named. */
  named(keys: string[]): Promise<Set<string>>;
}

/**
 * Cleans what crashes and abandoned uploads leave: object rows whose entries
 * are gone, uploads that stopped receiving bytes, and bytes in storage that no
 * row names (a crash between a row's delete and the storage's). Safe to run
 * while the app serves: it touches only what is older than its grace period.
 */
export function createFilesSweep(deps: {
  db: Database;
  storage: Storage;
  staleUploadMs: number;
  dropBytes: (object: FileObjectRow) => Promise<void>;
  otherOwners?: KeyOwner[];
}) {
  const { db, storage } = deps;
  const repo = createFilesRepository(db);

  /** When an upload last received bytes, as its rows and its storage tell. */
  async function lastActivity(object: FileObjectRow, rowsChanged: Date): Promise<number> {
    const stored = await storage.lastModified(object.storageKey, object.uploadId);
    return Math.max(object.createdAt.getTime(), rowsChanged.getTime(), stored?.getTime() ?? 0);
  }

  async function abandon(object: FileObjectRow): Promise<boolean> {
    const given = await db.transaction((tx) =>
      createFilesRepository(tx).abandonUpload(
        object.id,
        object.storageKey,
        newStorageKey(object.id),
      ),
    );
    if (given) await deps.dropBytes(given);
    return given !== null;
  }

  return async function sweep(now = new Date()): Promise<SweepCounts> {
    const counts: SweepCounts = { orphanRows: 0, abandonedUploads: 0, orphanBytes: 0 };
    const graceEnd = new Date(now.getTime() - ORPHAN_GRACE_MS);

    for (const object of await repo.deleteOrphanObjects(graceEnd)) {
      await deps.dropBytes(object);
      counts.orphanRows += 1;
    }

    const staleEnd = now.getTime() - deps.staleUploadMs;
    for (const { object, changed } of await repo.idleUploads(new Date(staleEnd))) {
      if ((await lastActivity(object, changed)) >= staleEnd) continue;
      if (await abandon(object)) counts.abandonedUploads += 1;
    }

    for await (const page of storage.list()) {
      const older = page.filter((item) => item.modified < graceEnd);
      for (const owner of deps.otherOwners ?? []) {
        const theirs = older.filter((i) => i.uploadId === null && owner.owns(i.key));
        const named = theirs.length ? await owner.named(theirs.map((i) => i.key)) : new Set();
        for (const { key } of theirs.filter((i) => !named.has(i.key))) {
          await storage.remove(key);
          counts.orphanBytes += 1;
        }
      }
      const old = older.filter((item) => isStorageKey(item.key));
      const objects = old.filter((item) => item.uploadId === null).map((item) => item.key);
      const uploads = old.filter((item) => item.uploadId !== null);
      const namedKeys = await repo.namedKeys(objects);
      const namedUploads = await repo.namedUploads(uploads.map((item) => item.uploadId!));
      for (const key of objects.filter((key) => !namedKeys.has(key))) {
        await storage.remove(key);
        counts.orphanBytes += 1;
      }
      for (const upload of uploads.filter((item) => !namedUploads.has(item.uploadId!))) {
        await storage.abortMultipart(upload.key, upload.uploadId!);
        counts.orphanBytes += 1;
      }
    }
    return counts;
  };
}
