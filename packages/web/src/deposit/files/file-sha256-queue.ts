// The file side of an upload's digests (file-digests.worker.ts): the whole
// file's SHA-256, streamed in file order (hash-wasm: SubtleCrypto cannot hash
// a stream). It runs from the moment the upload starts, beside the part worker
// (part-digest-queue.ts), which reads each part for its Content-MD5 and hands
// the bytes on: bytes handed on ahead of the hash are kept and not read again;
// the rest (parts not sent yet, parts the server holds already) is read here.
import { createSHA256, type IHasher } from 'hash-wasm';
import type { DigestReply } from './file-digests.ts';

export interface FileSha256Limits {
  /** Bytes handed on and kept ahead of the hash at most; beyond, they are read again. */
  keep: number;
  /** The hash takes kept bytes this many at a time, then looks for more. */
  step: number;
  /** Bytes read at a time where none were handed on. */
  slice: number;
}

export const FILE_SHA256_LIMITS: FileSha256Limits = {
  // Three of the largest parts (524.29 MiB), as many as go at a time.
  keep: 1.6 * 1024 ** 3,
  step: 32 * 1024 ** 2,
  slice: 8 * 1024 ** 2,
};

export type FileSha256Message =
  | { type: 'file'; file: Blob }
  /** Bytes of the file the part worker read. */
  | { type: 'bytes'; start: number; bytes: Uint8Array }
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

export function createFileSha256Queue(
  reply: (message: DigestReply) => void,
  limits: FileSha256Limits = FILE_SHA256_LIMITS,
) {
  let file: Blob | undefined;
  let hasher: IHasher | undefined;
  let result: string | undefined;
  /** Bytes before this are in the hash. */
  let upTo = 0;
  /** Bytes handed on, not yet in the hash, by their start. */
  const kept = new Map<number, Uint8Array>();
  let keptBytes = 0;
  let wanted = false;
  let running = false;
  let failed = false;
  /** Bytes read from the file here, for tests. */
  let bytesRead = 0;

  function keep(start: number, bytes: Uint8Array): void {
    kept.set(start, bytes);
    keptBytes += bytes.length;
  }
  function unkeep(start: number): Uint8Array | undefined {
    const bytes = kept.get(start);
    if (bytes) {
      kept.delete(start);
      keptBytes -= bytes.length;
    }
    return bytes;
  }

  /** Bytes handed on: kept unless hashed already or beyond the budget. */
  function take(start: number, bytes: Uint8Array): void {
    const at = Math.max(start, upTo);
    if (start + bytes.length <= upTo || kept.has(at)) return;
    if (at > upTo && keptBytes + bytes.length > limits.keep) return;
    keep(at, bytes.subarray(at - start));
  }

  /** Drops kept bytes the hash has passed (read meanwhile from the file). */
  function settle(): void {
    for (const start of [...kept.keys()]) {
      if (start >= upTo) continue;
      const bytes = unkeep(start)!;
      if (start + bytes.length > upTo) keep(upTo, bytes.subarray(upTo - start));
    }
  }

  /** The bytes at `upTo` next: kept ones a step at a time, else read up to the next kept ones. */
  async function nextBytes(): Promise<Uint8Array> {
    const bytes = unkeep(upTo);
    if (bytes) {
      if (bytes.length > limits.step) keep(upTo + limits.step, bytes.subarray(limits.step));
      return bytes.subarray(0, limits.step);
    }
    const later = [...kept.keys()].filter((start) => start > upTo);
    const end = Math.min(file!.size, ...later, upTo + limits.slice);
    const read = new Uint8Array(await file!.slice(upTo, end).arrayBuffer());
    bytesRead += read.length;
    return read;
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
          const bytes = await nextBytes();
          hasher.update(bytes);
          upTo += bytes.length;
          settle();
          await nextTask();
        }
        result = hasher.digest('hex');
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
      if (message.type === 'file') file = message.file;
      else if (message.type === 'bytes') take(message.start, message.bytes);
      else wanted = true;
      return run();
    },
    /** What the queue holds and has read, for tests. */
    state: () => ({ upTo, keptBytes, bytesRead }),
  };
}
