// The part side of an upload's digests (file-digests.worker.ts): each part's
// Content-MD5 and, for S3, SHA-256, answered in the order asked. The part's
// bytes go on to the file's SHA-256, which a second worker computes
// (file-sha256-queue.ts): each part is read once, and the two hashes run side
// by side on two cores instead of one after the other.
import { createMD5, type IHasher } from 'hash-wasm';
import { blobReader, type BlobReader } from './blob-reader.ts';
import type { DigestReply, PartRequest } from './file-digests.ts';
import { base64, sha256Hex } from './part-checksum.ts';

/** Where the bytes of parts go on to: the file's SHA-256. */
export interface HandOn {
  /** Bytes no longer needed here (transferred). */
  lend(start: number, bytes: Uint8Array<ArrayBuffer>): void;
  /** Bytes of a part read here and not lent (the budget is spent). */
  unlent(start: number, end: number): void;
}

export interface PartDigestLimits {
  /** A part is read this many bytes at a time (and handed on as soon as read). */
  slice: number;
  /**
   * Bytes handed on and not given back at most. The file's hash is slower
   * than the parts' MD5: beyond this, it reads the bytes itself rather than
   * the parts' digests allocating memory ahead of it.
   */
  lent: number;
}

export const PART_DIGEST_LIMITS: PartDigestLimits = {
  slice: 16 * 1024 ** 2,
  lent: 256 * 1024 ** 2,
};

export function createPartDigestQueue(
  reply: (message: DigestReply) => void,
  limits: PartDigestLimits = PART_DIGEST_LIMITS,
) {
  let reader: BlobReader | undefined;
  let handOn: HandOn | undefined;
  let md5: IHasher | undefined;
  // One part at a time, in the order asked.
  let queue = Promise.resolve();
  let failed = false;
  let bytesRead = 0;
  /** Slice buffers to read into: given back by the file's hash, or kept here. */
  const spare: ArrayBuffer[] = [];
  let lentBytes = 0;

  async function read(start: number, into: Uint8Array<ArrayBuffer>) {
    const bytes = await reader!.read(start, into);
    bytesRead += bytes.length;
    return bytes;
  }

  /** Lends the bytes while the budget allows; else their buffer is read into again. */
  function passOn(start: number, bytes: Uint8Array<ArrayBuffer>): void {
    if (handOn && lentBytes + bytes.buffer.byteLength <= limits.lent) {
      lentBytes += bytes.buffer.byteLength;
      handOn.lend(start, bytes);
      return;
    }
    handOn?.unlent(start, start + bytes.length);
    if (bytes.buffer.byteLength === limits.slice) spare.push(bytes.buffer);
  }

  /** The part's MD5 a slice at a time. */
  async function md5Streamed(hasher: IHasher, start: number, end: number): Promise<void> {
    for (let at = start; at < end;) {
      const buffer = spare.pop() ?? new ArrayBuffer(limits.slice);
      const bytes = await read(at, new Uint8Array(buffer, 0, Math.min(limits.slice, end - at)));
      const { length } = bytes;
      if (!length) throw new Error('The file is shorter than its parts');
      hasher.update(bytes);
      passOn(at, bytes); // Lent bytes are transferred: `bytes` is empty from here on.
      at += length;
    }
  }

  async function serve({ id, start, end, sha256 }: PartRequest): Promise<void> {
    if (!md5) md5 = await createMD5();
    md5.init();
    if (!sha256) {
      await md5Streamed(md5, start, end);
      reply({ id, md5: base64(md5.digest('binary')) });
      return;
    }
    // SubtleCrypto's SHA-256 (native, several times hash-wasm's speed) takes the part whole.
    const bytes = await read(start, new Uint8Array(end - start));
    if (bytes.length < end - start) throw new Error('The file is shorter than its parts');
    md5.update(bytes);
    const partMd5 = base64(md5.digest('binary'));
    reply({ id, md5: partMd5, sha256: await sha256Hex(bytes) });
    passOn(start, bytes);
  }

  return {
    setFile(blob: Blob) {
      reader = blobReader(blob);
    },
    handOnTo(to: HandOn) {
      handOn = to;
    },
    /** A buffer handed on comes back, hashed, to be read into again. */
    giveBack(buffer: ArrayBuffer) {
      lentBytes = Math.max(0, lentBytes - buffer.byteLength);
      if (buffer.byteLength === limits.slice) spare.push(buffer);
    },
    request(part: PartRequest): Promise<void> {
      queue = queue.then(async () => {
        if (failed) return;
        try {
          await serve(part);
        } catch (error) {
          failed = true;
          reply({ error: String(error) });
        }
      });
      return queue;
    },
    /** Bytes read from the file and lent, for tests. */
    state: () => ({ bytesRead, lentBytes, spare: spare.length }),
  };
}
