/**
 * The SHA-256 of a file, computed in a Web Worker of its own while the upload
 * runs (sha256.worker.ts), so that the page stays responsive. Undefined where
 * no worker can run, or when reading fails: the file is then uploaded and
 * committed unverified, never held back.
 */
export function fileSha256(file: Blob): Promise<string | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(undefined);
      return;
    }
    const done = (sha256: string | undefined) => {
      worker.terminate();
      resolve(sha256);
    };
    worker.onmessage = (event: MessageEvent<{ sha256?: string }>) => done(event.data.sha256);
    worker.onerror = () => done(undefined);
    worker.postMessage(file);
  });
}
