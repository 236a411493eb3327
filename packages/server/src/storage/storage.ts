import type { Readable } from 'node:stream';

/** What a write or a hash learnt about stored bytes. */
export interface StoredBytes {
  size: number;
  /** Hex MD5 of the bytes. */
  md5: string;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

/** An inclusive byte range, as HTTP `Range` asks for it. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A part held by the storage of a multipart upload. */
export interface HeldPart {
  part: number;
  size: number;
}

/** What the storage holds of a multipart upload. */
export interface HeldParts {
  parts: HeldPart[];
  /** Every part is sent with its SHA-256, which the storage checks (S3 flexible checksums). */
  partSha256: boolean;
}

/** Where a client PUTs one part, with the headers signed into the URL. */
export interface PartUrl {
  url: string;
  headers: Record<string, string>;
}

/** An object, or a multipart upload in progress, as storage lists it (for the sweep). */
export interface StoredItem {
  key: string;
  /** A multipart upload in progress (S3); local uploads are plain objects. */
  uploadId: string | null;
  /** When its bytes last changed (an S3 upload in progress: when it started). */
  modified: Date;
}

/**
 * Where file bytes live (STYLE.md §8). Keys are opaque names chosen by the
 * files service; a key is written once and never rewritten, so a reader never
 * sees half-written bytes. Implementations never hold a whole object in memory.
 */
export interface Storage {
  readonly kind: 'local' | 's3';

  /**
   * Stores a whole object from a stream, hashing while it streams. The object
   * appears under `key` only once every byte arrived (and is on the disk); on
   * any error (including more than `maxBytes` bytes, a SizeLimitError) nothing
   * is left under `key`.
   */
  write(key: string, source: Readable, options: WriteOptions): Promise<StoredBytes>;

  /** Streams an object, or only `range` of it. Rejects when the object does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable>;

  /**
   * Reads small objects whole, each into its `into` buffer (exactly its size),
   * and answers their CRC-32s: the files of a zip archive, many at a time, no
   * stream per file. Buffers over one SharedArrayBuffer let local storage read
   * them on an I/O thread. Rejects when an object is absent or shorter.
   */
  readFiles(keys: string[], into: Buffer[]): Promise<number[]>;

  /**
   * Reads the stored bytes back and hashes them: what a commit trusts. Null when
   * absent. (Local storage may have hashed a multipart upload's parts as they
   * were written, and answer without reading them again.)
   */
  hash(key: string): Promise<StoredBytes | null>;

  /** Removes an object; an absent object is not an error. */
  remove(key: string): Promise<void>;

  /**
   * Whether parts can be sent with their SHA-256 for the storage to check
   * (`startMultipart` with `partSha256`); false for local storage, whose parts
   * go through the server with their Content-MD5.
   */
  readonly partChecksums: boolean;

  /**
   * Starts a multipart upload of `size` bytes to `key`; returns its upload id.
   * `partSha256` (only where `partChecksums`): every part must come with its SHA-256.
   */
  startMultipart(key: string, size: number, options?: { partSha256?: boolean }): Promise<string>;

  /**
   * A URL the client PUTs one part to directly (a presigned S3 URL), valid for
   * `expiresInSeconds`, with the part's SHA-256 (base64) signed into it when
   * given; null when parts go through the server (`writePart`).
   */
  partUrl(
    key: string,
    uploadId: string,
    part: number,
    expiresInSeconds: number,
    sha256?: string,
  ): Promise<PartUrl | null>;

  /**
   * Writes one part through the server at `offset`; it must be exactly `size`
   * bytes (a SizeLimitError otherwise). Durable once resolved. The part's MD5
   * is computed only when `md5` is asked for. Only for backends whose
   * `partUrl` is null.
   */
  writePart(
    key: string,
    uploadId: string,
    part: { number: number; offset: number; size: number },
    source: Readable,
    options: { md5: boolean; takeChunks?: boolean },
  ): Promise<{ size: number; md5: string | null }>;

  /** The parts the storage itself knows it holds; null when only the caller can know (local). */
  heldParts(key: string, uploadId: string): Promise<HeldParts | null>;

  /** Whether the upload was started with `partSha256` (one short question to storage). */
  partSha256(key: string, uploadId: string): Promise<boolean>;

  /** Assembles the parts into the object `key`. Idempotent: completing twice is fine. */
  completeMultipart(key: string, uploadId: string, parts: number): Promise<void>;

  /** Abandons a multipart upload and its parts; an unknown upload is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;

  /**
   * Removes what writes interrupted by a crash left behind. Call once at
   * start, before serving: a write in progress would lose its temporary data.
   */
  sweepTemporary(): Promise<void>;

  /**
   * Every object and multipart upload in progress (temporary files of local
   * writes included), a page at a time: the sweep removes those no row names.
   */
  list(): AsyncIterable<StoredItem[]>;

  /**
   * When the bytes of an upload in progress last changed: the object at `key`,
   * or the parts of the multipart upload `uploadId`. Null when none arrived.
   */
  lastModified(key: string, uploadId: string | null): Promise<Date | null>;
}

export interface WriteOptions {
  maxBytes: number;
  /**
   * Nothing else uses the source's chunks (a request body read from its
   * socket): the storage may take their memory instead of copying them.
   */
  takeChunks?: boolean;
}

/** More (or fewer) bytes arrived than allowed. */
export class SizeLimitError extends Error {
  readonly limit: number;
  readonly received: number;
  constructor(limit: number, received: number) {
    super(`expected at most ${limit} bytes, received ${received}`);
    this.limit = limit;
    this.received = received;
  }
}
