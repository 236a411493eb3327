// Hashes one file with SHA-256 off the page's thread, reading it a slice at a
// time (SubtleCrypto cannot hash a stream; hash-wasm can, and is already used).
import { createSHA256 } from 'hash-wasm';

const SLICE = 8 * 1024 * 1024;

self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const file = event.data;
    const hasher = await createSHA256();
    hasher.init();
    for (let at = 0; at < file.size; at += SLICE) {
      hasher.update(new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer()));
    }
    self.postMessage({ sha256: hasher.digest('hex') });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
