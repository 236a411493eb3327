import { expect } from 'vitest';
import type { TestClient } from './harness.ts';

/** A draft of `owner`'s with files, answering its JSON. */
export async function draftWithFiles(owner: TestClient, title: string) {
  const draft = await owner.post('/api/records', {
    metadata: { title },
    files: { enabled: true },
  });
  expect(draft.status, draft.body).toBe(201);
  return draft.json as { id: string; links: Record<string, string> };
}

/** The record's byte limit as its owner reads it in the files listing. */
export async function recordLimit(owner: TestClient, id: string): Promise<number> {
  const files = await owner.get(`/api/records/${id}/draft/files`);
  expect(files.status, files.body).toBe(200);
  return files.json.quota.max_bytes as number;
}

export const askPath = (id: string) => `/api/records/${id}/draft/quota-increase`;
