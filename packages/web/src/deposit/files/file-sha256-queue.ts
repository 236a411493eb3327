// The file side of an upload's digests (file-digests.worker.ts): the whole
// file's SHA-256, streamed in file order (hash-wasm: SubtleCrypto cannot hash
// a stream). It runs from the moment the upload starts, beside the part worker
// (part-digest-queue.ts), which reads each part for its Content-MD5 and lends
// the bytes on: bytes lent ahead of the hash are kept and not read again, and
// the hash waits for the bytes of parts asked for; the rest (a file sent
// whole, parts the server holds already, bytes beyond the part worker's
// budget) is read here.
import { createSHA256, type IHasher } from 'hash-wasm';
import { blobReader, type BlobReader } from './blob-reader.ts';
import { byteRanges } from './byte-ranges.ts';
import type { DigestReply } from './file-digests.ts';

export interface FileSha256Limits {
  /** The hash takes kept bytes this many at a time, then looks for more. */
  step: number;
  /** Bytes read at a time where none were handed on. */
  slice: number;
}

export const FILE_SHA256_LIMITS: FileSha256Limits = {
  step: 32 * 1024 ** 2,
  slice: 16 * 1024 ** 2,
};

export type FileSha256Message =
  | { type: 'file'; file: Blob }
  /** A part was asked for: its bytes will be lent (or said unlent), so are not read here. */
  | { type: 'coming'; start: number; end: number }
  /** Bytes of the file the part worker read and lends. */
  | { type: 'bytes'; start: number; bytes: Uint8Array<ArrayBuffer> }
  /** Bytes of a part the part worker read and does not lend: read here. */
  | { type: 'unlent'; start: number; end: number }
  /** No more parts come from the part worker: read here what was still awaited. */
  | { type: 'parts-stopped' }
  /** Hash the file, and answer its SHA-256. */
  | { type: 'digest' };

/** Lets queued messages (bytes handed on) in between two steps. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Gives a buffer handed on back to the part worker, once hashed or not wanted. */
export type GiveBack = (buffer: ArrayBuffer) => void;

export function createFileSha256Queue(
  reply: (message: DigestReply) => void,
  limits: FileSha256Limits = FILE_SHA256_LIMITS,
) {
  let file: Blob | undefined;
  let reader: BlobReader | undefined;
  /** The buffer bytes not handed on are read into. */
  let own: ArrayBuffer | undefined;
  let giveBack: GiveBack = () => undefined;
  let hasher: IHasher | undefined;
  let result: string | undefined;
  /** Bytes before this are in the hash. */
  let upTo = 0;
  /** Bytes handed on, not yet in the hash, by their start. */
  const kept = new Map<number, Uint8Array<ArrayBuffer>>();
  let keptBytes = 0;
  /** Parts asked for whose bytes have not come yet. */
  const coming = byteRanges();
  let wanted = false;
  let running = false;
  let failed = false;
  /** Bytes read from the file here, for tests. */
  let bytesRead = 0;

  function keep(start: number, bytes: Uint8Array<ArrayBuffer>): void {
    kept.set(start, bytes);
    keptBytes += bytes.length;
  }
  function unkeep(start: number): Uint8Array<ArrayBuffer> | undefined {
    const bytes = kept.get(start);
    if (bytes) {
      kept.delete(start);
      keptBytes -= bytes.length;
    }
    return bytes;
  }

  /** Bytes handed on: kept unless hashed already. */
  function take(start: number, bytes: Uint8Array<ArrayBuffer>): void {
    coming.remove(start, start + bytes.length);
    const at = Math.max(start, upTo);
    // The part worker lends no more than its budget (part-digest-queue.ts).
    if (start + bytes.length <= upTo || kept.has(at)) giveBack(bytes.buffer);
    else keep(at, bytes.subarray(at - start));
  }

  /** Drops kept bytes the hash has passed (read meanwhile from the file). */
  function settle(): void {
    for (const start of [...kept.keys()]) {
      if (start >= upTo) continue;
      const bytes = unkeep(start)!;
      if (start + bytes.length > upTo) keep(upTo, bytes.subarray(upTo - start));
      else giveBack(bytes.buffer);
    }
  }

  /**
   * The bytes at `upTo` next, and whether their buffer goes back once hashed:
   * kept ones a step at a time, none while a part's bytes are awaited, else
   * read up to the next kept or awaited ones.
   */
  async function nextBytes(): Promise<
    { bytes: Uint8Array<ArrayBuffer>; lent: boolean } | undefined
  > {
    const bytes = unkeep(upTo);
    if (bytes) {
      if (bytes.length <= limits.step) return { bytes, lent: true };
      keep(upTo + limits.step, bytes.subarray(limits.step));
      return { bytes: bytes.subarray(0, limits.step), lent: false };
    }
    if (coming.has(upTo)) return undefined;
    const later = [...kept.keys()].filter((start) => start > upTo);
    const end = Math.min(file!.size, ...later, coming.nextAfter(upTo), upTo + limits.slice);
    reader ??= blobReader(file!);
    own ??= new ArrayBuffer(limits.slice);
    const read = await reader.read(upTo, new Uint8Array(own, 0, end - upTo));
    if (!read.length) throw new Error('The file is shorter than its size');
    own = read.buffer;
    bytesRead += read.length;
    return { bytes: read, lent: false };
  }

  async function run(): Promise<void> {
    if (running || !file || !wanted || failed) return;
    running = true;
    try {
      if (result === undefined) {
        if (!hasher) {
          hasher = await createSHA256();
          hasher.init();
        }
        while (upTo < file.size) {
          const next = await nextBytes();
          if (!next) return; // On with the next bytes lent.
          const { bytes, lent } = next;
          hasher.update(bytes);
          upTo += bytes.length;
          if (lent) giveBack(bytes.buffer);
          settle();
          await nextTask();
        }
        result = hasher.digest('hex');
        reader?.close();
        own = undefined;
      }
      reply({ digest: result });
      wanted = false;
    } catch (error) {
      failed = true;
      reply({ error: String(error) });
    } finally {
      running = false;
    }
  }

  return {
    receive(message: FileSha256Message): Promise<void> {
      switch (message.type) {
        case 'file':
          file = message.file;
          break;
        case 'coming':
          coming.add(Math.max(message.start, upTo), message.end);
          break;
        case 'bytes':
          take(message.start, message.bytes);
          break;
        case 'unlent':
          coming.remove(message.start, message.end);
          break;
        case 'parts-stopped':
          coming.clear();
          break;
        case 'digest':
          wanted = true;
      }
      return run();
    },
    giveBackTo(to: GiveBack) {
      giveBack = to;
    },
    /** What the queue holds and has read, for tests. */
    state: () => ({ upTo, keptBytes, bytesRead }),
  };
}
