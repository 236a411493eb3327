import { partDigests, type PartDigests } from './part-checksum.ts';

/** What the page asks of the digest worker (file-digests.worker.ts). */
export type DigestRequest =
  | { type: 'file'; file: Blob }
  | { type: 'part'; id: number; start: number; end: number; sha256: boolean }
  /** Bytes no part request will bring (parts the server holds already). */
  | { type: 'unsent'; ranges: [number, number][] }
  | { type: 'digest' };

export type DigestReply =
  { id: number; md5: string; sha256?: string } | { digest: string } | { error: string };

export interface FileDigests {
  /** The digests of bytes `start`..`end` (a part), which also go into the file's SHA-256. */
  part(start: number, end: number, sha256: boolean): Promise<PartDigests>;
  /** These ranges will not be asked for as parts: the worker reads them for the file's SHA-256. */
  unsent(ranges: [number, number][]): void;
  /** The file's SHA-256 (hex); undefined where no worker runs, or when it failed. */
  sha256(): Promise<string | undefined>;
  /** Frees the worker; parts asked for afterwards are read on the page. */
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
 * The digests of one file being uploaded, computed in a Web Worker of its own
 * so that the page stays responsive, each part read once for its digests and
 * the file's SHA-256. Where no worker can run, or it fails, part digests are
 * computed on the page and the file is uploaded unverified, never held back.
 */
export function fileDigests(file: Blob): FileDigests {
  let worker = startWorker();
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

  /** Without the worker: what it was asked is done on the page, the file left unhashed. */
  function stop() {
    worker?.terminate();
    worker = undefined;
    for (const { resolve, start, end, sha256 } of waiting.values()) {
      resolve(partDigests(file.slice(start, end), sha256));
    }
    waiting.clear();
    settleDigest?.(undefined);
  }

  if (worker) {
    worker.onmessage = (event: MessageEvent<DigestReply>) => {
      const message = event.data;
      if ('error' in message) return stop();
      if ('digest' in message) return settleDigest?.(message.digest);
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      request?.resolve({ md5: message.md5, ...(message.sha256 ? { sha256: message.sha256 } : {}) });
    };
    worker.onerror = stop;
    worker.onmessageerror = stop;
    worker.postMessage({ type: 'file', file } satisfies DigestRequest);
  }

  return {
    part(start, end, sha256) {
      if (!worker) return partDigests(file.slice(start, end), sha256);
      const id = nextId++;
      const answer = new Promise<PartDigests>((resolve, reject) =>
        waiting.set(id, { resolve, reject, start, end, sha256 }),
      );
      worker.postMessage({ type: 'part', id, start, end, sha256 } satisfies DigestRequest);
      return answer;
    },
    unsent(ranges) {
      worker?.postMessage({ type: 'unsent', ranges } satisfies DigestRequest);
    },
    sha256() {
      if (!digest) {
        if (!worker) return Promise.resolve(undefined);
        digest = new Promise((resolve) => (settleDigest = resolve));
        worker.postMessage({ type: 'digest' } satisfies DigestRequest);
      }
      return digest;
    },
    close() {
      // The upload is over (or cancelled): parts still asked for are not wanted.
      for (const { reject } of waiting.values()) reject(new DOMException('Aborted', 'AbortError'));
      waiting.clear();
      stop();
    },
  };
}
