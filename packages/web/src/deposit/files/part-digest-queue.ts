// The part side of an upload's digests (file-digests.worker.ts): each part's
// Content-MD5 and, for S3, SHA-256, answered in the order asked. The part's
// bytes go on to the file's SHA-256, which a second worker computes
// (file-sha256-queue.ts): each part is read once, and the two hashes run side
// by side on two cores instead of one after the other.
import { createMD5, type IHasher } from 'hash-wasm';
import type { DigestReply, PartRequest } from './file-digests.ts';
import { base64, sha256Hex } from './part-checksum.ts';

/** Hands bytes of the file, no longer needed here, to the file's SHA-256. */
export type HandOn = (start: number, bytes: Uint8Array<ArrayBuffer>) => void;

/** A part is read this many bytes at a time (and handed on as soon as read). */
export const PART_SLICE = 32 * 1024 ** 2;

export function createPartDigestQueue(
  reply: (message: DigestReply) => void,
  slice: number = PART_SLICE,
) {
  let file: Blob | undefined;
  let handOn: HandOn | undefined;
  let md5: IHasher | undefined;
  // One part at a time, in the order asked.
  let queue = Promise.resolve();
  let failed = false;
  let bytesRead = 0;

  async function read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = new Uint8Array(await file!.slice(start, end).arrayBuffer());
    bytesRead += bytes.length;
    return bytes;
  }

  /** The part's MD5 a slice at a time, the next slice read while one is hashed. */
  async function md5Streamed(hasher: IHasher, start: number, end: number): Promise<void> {
    let next: Promise<Uint8Array<ArrayBuffer>> | undefined = read(
      start,
      Math.min(end, start + slice),
    );
    for (let at = start; next; at += slice) {
      const bytes = await next;
      next = at + slice < end ? read(at + slice, Math.min(end, at + 2 * slice)) : undefined;
      hasher.update(bytes);
      handOn?.(at, bytes);
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
    const bytes = await read(start, end);
    md5.update(bytes);
    const partMd5 = base64(md5.digest('binary'));
    reply({ id, md5: partMd5, sha256: await sha256Hex(bytes) });
    handOn?.(start, bytes);
  }

  return {
    setFile(blob: Blob) {
      file = blob;
    },
    handOnTo(to: HandOn) {
      handOn = to;
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
    /** Bytes read from the file, for tests. */
    state: () => ({ bytesRead }),
  };
}
