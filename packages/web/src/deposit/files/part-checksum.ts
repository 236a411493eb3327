import { createMD5, createSHA256 } from 'hash-wasm';

// The digests of a part (its Content-MD5, API.md §9, and for S3 its SHA-256),
// shared by the page and the digest worker (file-digests.worker.ts).

export interface PartDigests {
  /** Base64 of the binary MD5: the Content-MD5 header. */
  md5: string;
  /** Hex SHA-256, when asked for. */
  sha256?: string;
}

export function base64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SubtleCrypto's SHA-256 (native) where the page is a secure context, else hash-wasm's. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  if (globalThis.crypto?.subtle) {
    return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  }
  const hasher = await createSHA256();
  hasher.init();
  hasher.update(bytes);
  return hasher.digest('hex');
}

export async function md5Base64(bytes: Uint8Array): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  hasher.update(bytes);
  return base64(hasher.digest('binary'));
}

/** On the page's thread, where no worker runs: the part read once for both digests. */
export async function partDigests(body: Blob, sha256: boolean): Promise<PartDigests> {
  const bytes = new Uint8Array(await body.arrayBuffer());
  const md5 = await md5Base64(bytes);
  return sha256 ? { md5, sha256: await sha256Hex(bytes) } : { md5 };
}
