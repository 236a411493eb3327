import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

// Shared by the review test files; each file gets its own app through useReviewApp.
export let t: TestApp;
export let owner: TestClient;
export let curator: TestClient;
export let manager: TestClient;
export let reader: TestClient;
export let uploader: TestClient;
export let stranger: TestClient;
export let lab: { id: string };
export let closedLab: { id: string };
export let restrictedLab: { id: string };
export let membersOnly: { id: string };
export let themed: { id: string };

/** Starts the app with five communities and a member of each role in all of them. */
export function useReviewApp() {
  beforeAll(async () => {
    t = await startTestApp({ vocabularies: true });
    const o = await loggedIn(t, 'Olga Owner');
    const c = await loggedIn(t, 'Carol Curator');
    const m = await loggedIn(t, 'Mo Manager');
    const r = await loggedIn(t, 'Rae Reader');
    const u = await loggedIn(t, 'Uli Uploader');
    const s = await loggedIn(t, 'Sid Stranger');
    [owner, curator, manager, reader, uploader, stranger] = [
      o.client,
      c.client,
      m.client,
      r.client,
      u.client,
      s.client,
    ];
    lab = await createCommunity(owner, 'lab');
    closedLab = await createCommunity(owner, 'closed-review', {
      access: { review_policy: 'closed' },
    });
    restrictedLab = await createCommunity(owner, 'restricted-lab', {
      access: { visibility: 'restricted' },
    });
    membersOnly = await createCommunity(owner, 'members-only', {
      access: { record_submission_policy: 'closed' },
    });
    themed = await createCommunity(owner, 'themed', { theme: { enabled: true } });
    for (const community of [lab, closedLab, restrictedLab, membersOnly, themed]) {
      await addMembers(owner, community.id, [c.user.id], 'curator');
      await addMembers(owner, community.id, [m.user.id], 'manager');
      await addMembers(owner, community.id, [r.user.id], 'reader');
    }
    // The uploader may submit to the restricted community: they are a reader there.
    await addMembers(owner, restrictedLab.id, [u.user.id], 'reader');
  });
  afterAll(() => t.close());
}

export const review = (communityId: string) => ({
  receiver: { community: communityId },
  type: 'community-submission',
});
export const comment = (content: string) => ({ payload: { content, format: 'html' } });

export async function draftWithReview(client: TestClient, communityId: string, title: string) {
  const draft = (await createDraft(client, publishable(title))).json;
  const put = await client.put(`/api/records/${draft.id}/draft/review`, review(communityId));
  expect(put.status, put.body).toBe(200);
  return { draft, request: put.json };
}

export async function submitted(client: TestClient, communityId: string, title: string) {
  const { draft } = await draftWithReview(client, communityId, title);
  const submit = await client.post(
    `/api/records/${draft.id}/draft/actions/submit-review`,
    comment('<p>Please review.</p>'),
  );
  expect(submit.status, submit.body).toBe(202);
  return { draft, request: submit.json };
}

export const statusOf = async (client: TestClient, id: string) =>
  (await client.get(`/api/records/${id}/draft`)).json.status;
