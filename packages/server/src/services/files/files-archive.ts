import { createHash } from 'node:crypto';
import type { Storage } from '../../storage/storage.ts';
import { layoutZip, type ZipLayout } from '../../zip/zip-layout.ts';
import { zipBytes, type ZipSource } from '../../zip/zip-stream.ts';
import type { FileWithObject } from './files.repository.ts';

/** Bumped when the archive's bytes change for the same files, so that ETags do too. */
const FORMAT = 'zip-stored-1';

/**
 * CRC-32s of stored objects (their keys never get other bytes), so that a
 * resumed download need not read again the files before the slice it asks for.
 */
export class CrcCache {
  private readonly known = new Map<string, number>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  get(key: string): number | undefined {
    const crc = this.known.get(key);
    if (crc !== undefined) {
      // Most recently used last: the oldest are dropped first.
      this.known.delete(key);
      this.known.set(key, crc);
    }
    return crc;
  }

  set(key: string, crc: number): void {
    this.known.delete(key);
    this.known.set(key, crc);
    if (this.known.size > this.limit) this.known.delete(this.known.keys().next().value!);
  }
}

export interface FilesArchive {
  layout: ZipLayout;
  /** Strong: the same files (names, sizes, checksums, times) give the same bytes. */
  etag: string;
  /** The archive's bytes [start, end). */
  bytes(start?: number, end?: number): AsyncGenerator<Buffer>;
}

/** A stored-only zip of `files` (completed ones, in list order), from any storage backend. */
export function filesArchive(
  files: FileWithObject[],
  storage: Storage,
  crcs: CrcCache,
): FilesArchive {
  const layout = layoutZip(
    files.map((f) => ({ name: f.entry.key, size: f.object.size ?? 0, mtime: f.entry.createdAt })),
  );
  const hash = createHash('sha256').update(FORMAT);
  for (const f of files) {
    hash.update(JSON.stringify([f.entry.key, f.object.size, f.object.checksum, f.entry.createdAt]));
  }
  const keyOf = (index: number) => files[index]!.object.storageKey;
  const source: ZipSource = {
    readFiles: (indices, into) => storage.readFiles(indices.map(keyOf), into),
    read: (index, range) => storage.read(keyOf(index), range),
    crcs: {
      get: (index) => crcs.get(keyOf(index)),
      set: (index, crc) => crcs.set(keyOf(index), crc),
    },
  };
  return {
    layout,
    etag: `"${hash.digest('hex').slice(0, 40)}"`,
    bytes: (start, end) => zipBytes(layout, source, start, end),
  };
}
