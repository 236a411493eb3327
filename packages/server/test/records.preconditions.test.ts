import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';

// Permission before state (InvenioRDM): who may not read a draft learns nothing about
// it from a precondition, neither that it exists nor its revision.
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  alice = t.client();
  await alice.login((await buildUser(t.services)).email);
  bob = t.client();
  await bob.login((await buildUser(t.services)).email);
});
afterAll(() => t.close());

describe('If-Match on a draft the caller may not read', () => {
  it('anonymous and other users get 403/404 for PUT and DELETE, never 412', async () => {
    const draft = (await createDraft(alice)).json;
    const url = `/api/records/${draft.id}/draft`;
    const stale = { headers: { 'if-match': '"99"' } };
    for (const caller of [t.client(), bob]) {
      const put = await caller.put(url, publishable('Taken over'), stale);
      expect([403, 404], put.body).toContain(put.status);
      expect(put.body).not.toContain(String(draft.revision_id));
      const removed = await caller.delete(url, stale);
      expect([403, 404], removed.body).toContain(removed.status);
      expect(removed.body).not.toContain(String(draft.revision_id));
    }
    // The owner still learns that her copy is stale; the draft is untouched.
    expect((await alice.put(url, publishable('Mine'), stale)).status).toBe(412);
    expect((await alice.delete(url, stale)).status).toBe(412);
    const current = await alice.get(url);
    expect(current.json.revision_id).toBe(draft.revision_id);
    expect(current.json.metadata.title).toBe(draft.metadata.title);
  });
});
