import type { FileSha256Message } from './file-sha256-queue.ts';
import { partDigests, type PartDigests } from './part-checksum.ts';

export type PartRequest = { type: 'part'; id: number; start: number; end: number; sha256: boolean };

/** What the page asks of a digest worker (file-digests.worker.ts). */
export type DigestRequest =
  | FileSha256Message
  | PartRequest
  /** The part worker hands each part's bytes on through this port… */
  | { type: 'hand-on'; port: MessagePort }
  /** …and the file's worker takes them from it. */
  | { type: 'take'; port: MessagePort };

export type DigestReply =
  { id: number; md5: string; sha256?: string } | { digest: string } | { error: string };

export interface FileDigests {
  /** The digests of bytes `start`..`end` (a part), which also go into the file's SHA-256. */
  part(start: number, end: number, sha256: boolean): Promise<PartDigests>;
  /** The file's SHA-256 (hex); undefined where no worker runs, or when it failed. */
  sha256(): Promise<string | undefined>;
  /** Frees the workers; parts asked for afterwards are read on the page. */
  close(): void;
}

function startWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    return new Worker(new URL('./file-digests.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
}

/**
 * The digests of one file being uploaded, computed off the page's thread by
 * two Web Workers: one answers each part's digests and hands the part's bytes
 * to the other, which streams the file into its SHA-256 from the start. So
 * each part is read once, and the file's hash uses the core the upload leaves
 * idle while the first part's MD5 is computed. Where no worker can run, or the
 * part worker fails, part digests are computed on the page; where the file's
 * worker fails, the file is uploaded unverified, never held back.
 */
export function fileDigests(file: Blob): FileDigests {
  let hashing = startWorker();
  let parts: Worker | undefined;
  let partsFailed = false;
  interface Waiting {
    resolve: (digests: PartDigests | Promise<PartDigests>) => void;
    reject: (error: Error) => void;
    start: number;
    end: number;
    sha256: boolean;
  }
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let digest: Promise<string | undefined> | undefined;
  let settleDigest: ((sha256: string | undefined) => void) | undefined;
  let onPage: Promise<unknown> = Promise.resolve();

  /**
   * A part's digests on the page, one part after another as the worker would:
   * at most one part in memory, and parts finish in order, so the server's
   * running hash follows them instead of reading them back at the commit.
   */
  function digestOnPage(start: number, end: number, sha256: boolean): Promise<PartDigests> {
    const digests = onPage.then(() => partDigests(file.slice(start, end), sha256));
    onPage = digests.catch(() => undefined);
    return digests;
  }

  /** Without the file's worker: the file is left unhashed. */
  function stopHashing() {
    hashing?.terminate();
    hashing = undefined;
    settleDigest?.(undefined);
  }
  /** Without the part worker: what it was asked is done on the page (the file's worker reads on). */
  function stopParts() {
    parts?.terminate();
    parts = undefined;
    partsFailed = true;
    hashing?.postMessage({ type: 'parts-stopped' } satisfies DigestRequest);
    for (const { resolve, start, end, sha256 } of waiting.values()) {
      resolve(digestOnPage(start, end, sha256));
    }
    waiting.clear();
  }

  if (hashing) {
    hashing.onmessage = (event: MessageEvent<DigestReply>) => {
      const message = event.data;
      if ('digest' in message) settleDigest?.(message.digest);
      else stopHashing();
    };
    hashing.onerror = stopHashing;
    hashing.onmessageerror = stopHashing;
    digest = new Promise((resolve) => (settleDigest = resolve));
    hashing.postMessage({ type: 'file', file } satisfies DigestRequest);
    hashing.postMessage({ type: 'digest' } satisfies DigestRequest);
  }

  /** The part worker, started with the first part (a file sent whole has none). */
  function partWorker(): Worker | undefined {
    if (parts || partsFailed) return parts;
    parts = startWorker();
    if (!parts) {
      partsFailed = true;
      return undefined;
    }
    parts.onmessage = (event: MessageEvent<DigestReply>) => {
      const message = event.data;
      if (!('id' in message)) return stopParts();
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      request?.resolve({ md5: message.md5, ...(message.sha256 ? { sha256: message.sha256 } : {}) });
    };
    parts.onerror = stopParts;
    parts.onmessageerror = stopParts;
    parts.postMessage({ type: 'file', file } satisfies DigestRequest);
    if (hashing) {
      const { port1, port2 } = new MessageChannel();
      parts.postMessage({ type: 'hand-on', port: port1 } satisfies DigestRequest, [port1]);
      hashing.postMessage({ type: 'take', port: port2 } satisfies DigestRequest, [port2]);
    }
    return parts;
  }

  return {
    part(start, end, sha256) {
      const worker = partWorker();
      if (!worker) return digestOnPage(start, end, sha256);
      // The file's worker waits for these bytes rather than reading them too.
      hashing?.postMessage({ type: 'coming', start, end } satisfies DigestRequest);
      const id = nextId++;
      const answer = new Promise<PartDigests>((resolve, reject) =>
        waiting.set(id, { resolve, reject, start, end, sha256 }),
      );
      worker.postMessage({ type: 'part', id, start, end, sha256 } satisfies DigestRequest);
      return answer;
    },
    sha256() {
      return digest ?? Promise.resolve(undefined);
    },
    close() {
      // The upload is over (or cancelled): parts still asked for are not wanted.
      for (const { reject } of waiting.values()) reject(new DOMException('Aborted', 'AbortError'));
      waiting.clear();
      stopParts();
      stopHashing();
    },
  };
}
