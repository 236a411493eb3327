// The work of the digest worker (file-digests.worker.ts) for one file being
// uploaded: each part's MD5 (its Content-MD5) and, for S3, SHA-256, and the
// whole file's SHA-256. Each part is read once: its bytes, kept once the
// part's digests are answered, feed the file's SHA-256 in file order (parts go
// several at a time). Bytes no part brings (parts the server already holds)
// are read here. A part's SHA-256 is SubtleCrypto's (native, whole part); the
// file's is streamed (hash-wasm). Part requests come first: they hold up PUTs.
import { createMD5, createSHA256, type IHasher } from 'hash-wasm';
import type { DigestReply, DigestRequest } from './file-digests.ts';
import { base64, sha256Hex } from './part-checksum.ts';

type PartRequest = Extract<DigestRequest, { type: 'part' }>;

export interface DigestLimits {
  /** Bytes of parts kept for the file's SHA-256 at most; beyond, a part is read again. */
  keep: number;
  /** The file's SHA-256 takes kept bytes this many at a time, then looks for part requests. */
  step: number;
  /** Bytes read at a time where no part brings them. */
  slice: number;
}

export const DIGEST_LIMITS: DigestLimits = {
  // Three of the largest parts (524.29 MiB), as many as go at a time.
  keep: 1.6 * 1024 ** 3,
  step: 32 * 1024 ** 2,
  slice: 8 * 1024 ** 2,
};

/** Lets queued messages (part requests) in between two steps. */
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

export function createDigestQueue(
  reply: (message: DigestReply) => void,
  limits: DigestLimits = DIGEST_LIMITS,
) {
  let file: Blob | undefined;
  let fileHash: IHasher | undefined;
  let partMd5: IHasher | undefined;
  /** Bytes before this are in the file's SHA-256. */
  let upTo = 0;
  /** Part bytes not yet in the file's SHA-256, by their start. */
  const kept = new Map<number, Uint8Array>();
  let keptBytes = 0;
  /** Ranges no part request will bring. */
  let unsent: [number, number][] = [];
  const parts: PartRequest[] = [];
  let digestWanted = false;
  let running = false;
  let failed = false;
  /** Bytes read from the file, for tests: each part's once, unsent ones once. */
  let bytesRead = 0;

  async function read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = new Uint8Array(await file!.slice(start, end).arrayBuffer());
    bytesRead += bytes.length;
    return bytes;
  }

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

  async function servePart({ id, start, end, sha256 }: PartRequest): Promise<void> {
    const bytes = await read(start, end);
    partMd5 ??= await createMD5();
    partMd5.init();
    partMd5.update(bytes);
    const md5 = base64(partMd5.digest('binary'));
    reply({ id, md5, ...(sha256 ? { sha256: await sha256Hex(bytes) } : {}) });
    // Kept for the file's SHA-256 unless hashed already; beyond the budget, read again then.
    if (start >= upTo && end > upTo && !kept.has(start)) {
      if (start === upTo || keptBytes + bytes.length <= limits.keep) keep(start, bytes);
    }
  }

  const inUnsent = (at: number) => unsent.some(([from, to]) => from <= at && at < to);

  /** Something to do now; the rest waits for part requests. */
  function hasWork(): boolean {
    if (!file || failed) return false;
    if (parts.length > 0) return true;
    if (upTo >= file.size) return digestWanted;
    return kept.has(upTo) || inUnsent(upTo) || digestWanted;
  }

  /** Drops kept bytes the file's SHA-256 has passed (read meanwhile from the file). */
  function settle(): void {
    for (const start of [...kept.keys()]) {
      if (start >= upTo) continue;
      const bytes = unkeep(start)!;
      if (start + bytes.length > upTo) keep(upTo, bytes.subarray(upTo - start));
    }
  }

  /** The bytes at `upTo` next: kept ones a step at a time, else read up to the next kept part. */
  function nextBytes(): Promise<Uint8Array> | Uint8Array {
    const bytes = unkeep(upTo);
    if (bytes) {
      if (bytes.length > limits.step) keep(upTo + limits.step, bytes.subarray(limits.step));
      return bytes.subarray(0, limits.step);
    }
    const range = unsent.find(([from, to]) => from <= upTo && upTo < to);
    const later = [...kept.keys()].filter((start) => start > upTo);
    const end = Math.min(range?.[1] ?? file!.size, ...later, upTo + limits.slice);
    return read(upTo, end);
  }

  async function fileHasher(): Promise<IHasher> {
    if (!fileHash) {
      fileHash = await createSHA256();
      fileHash.init();
    }
    return fileHash;
  }

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (hasWork()) {
        const part = parts.shift();
        if (part) {
          await servePart(part);
        } else if (upTo < file!.size) {
          const hasher = await fileHasher();
          const bytes = await nextBytes();
          hasher.update(bytes);
          upTo += bytes.length;
          settle();
          await nextTask();
        } else {
          reply({ digest: (await fileHasher()).digest('hex') });
          digestWanted = false;
        }
      }
    } catch (error) {
      failed = true;
      reply({ error: String(error) });
    } finally {
      running = false;
    }
    // A message that came in as the loop ended.
    if (hasWork()) await run();
  }

  return {
    receive(message: DigestRequest): Promise<void> {
      if (message.type === 'file') file = message.file;
      else if (message.type === 'part') parts.push(message);
      else if (message.type === 'unsent') unsent = message.ranges;
      else digestWanted = true;
      return run();
    },
    /** What the queue holds and has read, for tests. */
    state: () => ({ upTo, keptBytes, bytesRead }),
  };
}
