import { expect } from 'vitest';
import type { TestClient, TestResponse } from './harness.ts';

/** A metadata-only record that passes every publish rule. */
export function publishable(
  title = 'Soil moisture, Lake Geneva basin 2025',
  overrides: Record<string, unknown> = {},
) {
  return {
    metadata: {
      resource_type: { id: 'dataset' },
      title,
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } }],
      // A managed DOI is registered on publication, and registration needs a publisher.
      publisher: 'Arca',
    },
    files: { enabled: false },
    ...overrides,
  };
}

export async function createDraft(
  client: TestClient,
  body: unknown = publishable(),
): Promise<TestResponse> {
  const response = await client.post('/api/records', body);
  expect(response.status, response.body).toBe(201);
  return response;
}

/** Creates and publishes a record; returns the published record's JSON. */
export async function publishRecord(client: TestClient, body: unknown = publishable()) {
  const draft = await createDraft(client, body);
  const published = await client.post(`/api/records/${draft.json.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json;
}

export function fieldErrors(response: TestResponse): Record<string, string[]> {
  return Object.fromEntries(
    ((response.json.errors ?? []) as { field: string; messages: string[] }[]).map((e) => [
      e.field,
      e.messages,
    ]),
  );
}
