import { createMD5 } from 'hash-wasm';

/** The Content-MD5 header of a part: base64 of its binary MD5 (API.md §9). */
export async function contentMd5(body: Blob): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  hasher.update(new Uint8Array(await body.arrayBuffer()));
  const digest = hasher.digest('binary');
  let text = '';
  for (const byte of digest) text += String.fromCharCode(byte);
  return btoa(text);
}
