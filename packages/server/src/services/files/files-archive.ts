import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Storage } from '../../storage/storage.ts';
import { layoutZip, type ZipLayout } from '../../zip/zip-layout.ts';
import { zipBytes, type ZipSource } from '../../zip/zip-stream.ts';
import type { FileWithObject } from './files.repository.ts';
import { MANIFEST_NAME, manifestSha256 } from './manifest.ts';

/** Bumped when the archive's bytes change for the same files, so that ETags do too. */
const FORMAT = 'zip-stored-2';

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

type Checked = FileWithObject & { object: { sha256: string } };

/**
 * A stored-only zip of `files` (completed ones, in list order), from any
 * storage backend, followed by their `manifest-sha256.txt` (unless a file
 * has that name: the record's own file then stands).
 */
export function filesArchive(files: Checked[], storage: Storage, crcs: CrcCache): FilesArchive {
  const withManifest = files.length > 0 && !files.some((f) => f.entry.key === MANIFEST_NAME);
  const manifest = Buffer.from(
    withManifest
      ? manifestSha256(files.map((f) => ({ key: f.entry.key, sha256: f.object.sha256 })))
      : '',
  );
  const newest = files.reduce(
    (at, f) => (f.entry.createdAt > at ? f.entry.createdAt : at),
    new Date(0),
  );
  const layout = layoutZip([
    ...files.map((f) => ({
      name: f.entry.key,
      size: f.object.size ?? 0,
      mtime: f.entry.createdAt,
    })),
    ...(withManifest ? [{ name: MANIFEST_NAME, size: manifest.length, mtime: newest }] : []),
  ]);
  const hash = createHash('sha256').update(FORMAT);
  for (const f of files) {
    hash.update(JSON.stringify([f.entry.key, f.object.size, f.object.checksum, f.entry.createdAt]));
  }
  const keyOf = (index: number) => files[index]!.object.storageKey;
  const isManifest = (index: number) => index === files.length;
  const source: ZipSource = {
    async readFiles(indices, into) {
      const stored = indices.flatMap((index, i) => (isManifest(index) ? [] : [i]));
      const crcs = await storage.readFiles(
        stored.map((i) => keyOf(indices[i]!)),
        stored.map((i) => into[i]!),
      );
      const answers = new Array<number>(indices.length);
      stored.forEach((i, n) => (answers[i] = crcs[n]!));
      indices.forEach((index, i) => {
        if (!isManifest(index)) return;
        manifest.copy(into[i]!);
        answers[i] = crc32(manifest);
      });
      return answers;
    },
    read: async (index, range) => {
      if (!isManifest(index)) return storage.read(keyOf(index), range);
      const slice = range ? manifest.subarray(range.start, range.end + 1) : manifest;
      return Readable.from([slice]);
    },
    crcs: {
      get: (index) => (isManifest(index) ? undefined : crcs.get(keyOf(index))),
      set: (index, crc) => {
        if (!isManifest(index)) crcs.set(keyOf(index), crc);
      },
    },
  };
  return {
    layout,
    etag: `"${hash.digest('hex').slice(0, 40)}"`,
    bytes: (start, end) => zipBytes(layout, source, start, end),
  };
}
