import { expect } from 'vitest';
import type { TestClient, TestResponse } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';

/** A deletion's body: a reason from the removal reasons vocabulary, and a note. */
export const reason = (id = 'spam', extra: Record<string, unknown> = {}) => ({
  removal_reason: { id },
  note: 'Not a research community.',
  ...extra,
});

export const deleteCommunity = (
  client: TestClient,
  id: string,
  body: unknown = reason(),
): Promise<TestResponse> => client.delete(`/api/communities/${id}`, { body });

/** Deletes a community and checks that it went. */
export async function deleted(client: TestClient, id: string, body: unknown = reason()) {
  const response = await deleteCommunity(client, id, body);
  expect(response.status, response.body).toBe(204);
}

export const restore = (client: TestClient, id: string) =>
  client.post(`/api/communities/${id}/restore`);

/** A draft of the client's whose review to the community is chosen, not submitted. */
export async function draftFor(client: TestClient, communityId: string, title: string) {
  const draft = (await createDraft(client, publishable(title))).json as { id: string };
  const put = await client.put(`/api/records/${draft.id}/draft/review`, {
    receiver: { community: communityId },
    type: 'community-submission',
  });
  expect(put.status, put.body).toBe(200);
  return { draftId: draft.id, requestId: put.json.id as string };
}

export const submitReview = (client: TestClient, draftId: string) =>
  client.post(`/api/records/${draftId}/draft/actions/submit-review`, {});

/** A draft of the client's submitted to the community, its review open. */
export async function submittedTo(client: TestClient, communityId: string, title: string) {
  const made = await draftFor(client, communityId, title);
  const submitted = await submitReview(client, made.draftId);
  expect(submitted.status, submitted.body).toBe(202);
  return made;
}

/** Asks a community to include a published record; answers the inclusion request's id. */
export async function inclusionAsked(client: TestClient, recordId: string, communityId: string) {
  const response = await client.post(`/api/records/${recordId}/communities`, {
    communities: [{ id: communityId, require_review: true }],
  });
  expect(response.status, response.body).toBe(200);
  return response.json.processed[0].request_id as string;
}

export const requestStatus = async (client: TestClient, id: string) =>
  (await client.get(`/api/requests/${id}`)).json.status as string;
