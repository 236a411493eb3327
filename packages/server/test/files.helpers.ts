import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** Bytes that differ from one call to the next, of the given size. */
export function someBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed * 2654435761;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** A draft with files enabled that passes every other publish rule. */
export async function draftWithFiles(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await createDraft(
    client,
    publishable('A draft with files', { files: { enabled: true }, ...overrides }),
  );
  return response.json as { id: string; links: Record<string, string> };
}

export const filesUrl = (id: string) => `/api/records/${id}/draft/files`;
export const fileUrl = (id: string, key: string) => `${filesUrl(id)}/${encodeURIComponent(key)}`;

export function putContent(
  client: TestClient,
  id: string,
  key: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  return client.request('PUT', `${fileUrl(id, key)}/content`, {
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
}

/** init → content → commit, as the deposit form does (API.md §2.5). */
export async function uploadFile(client: TestClient, id: string, key: string, bytes: Buffer) {
  const init = await client.post(filesUrl(id), [{ key, size: bytes.length }]);
  expect(init.status, init.body).toBe(201);
  const content = await putContent(client, id, key, bytes);
  expect(content.status, content.body).toBe(200);
  const commit = await client.post(`${fileUrl(id, key)}/commit`);
  expect(commit.status, commit.body).toBe(200);
  return commit.json;
}
