import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { records } from '../src/db/schema.ts';
import type { TestApp, TestClient } from './harness.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';
import { publishable } from './records.helpers.ts';

/** A published record of the client's with a file and a managed DOI. */
export async function publishedWithFile(client: TestClient, title: string) {
  const draft = await draftWithFiles(client, { metadata: publishable(title).metadata });
  await uploadFile(client, draft.id, 'data.csv', someBytes(64));
  await client.post(`/api/records/${draft.id}/draft/pids/doi`);
  const published = await client.post(`/api/records/${draft.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json as {
    id: string;
    parent: { id: string };
    pids: { doi: { identifier: string } };
  };
}

/** Makes a record's publication older than the 30 days' window. */
export const age = (t: TestApp, id: string) =>
  t.db
    .update(records)
    .set({ publishedAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(records.id, id));

/** Every route of a record answers 410 with the tombstone; the page keeps answering too. */
export async function expectGone(t: TestApp, id: string, client: TestClient = t.client()) {
  for (const url of [
    `/api/records/${id}`,
    `/api/records/${id}/files`,
    `/api/records/${id}/files/data.csv/content`,
    `/api/records/${id}/files-archive`,
  ]) {
    const response = await client.get(url);
    expect(response.status, url).toBe(410);
    expect(response.json.tombstone, url).toBeDefined();
    // Not kept by browsers: a restore brings the record back at the same address.
    expect(response.headers['cache-control'], url).toBe('no-cache');
  }
  expect((await client.get(`/records/${id}`)).status).toBe(410);
}
