import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

// What the curator of a community may do with a draft submitted to it (SPEC §1, §6), and what
// the request page learns about the people on a request.

let t: TestApp;
let owner: TestClient;
let curator: TestClient;
let uploader: TestClient;
let lab: { id: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  const c = await loggedIn(t, 'Carol Curator');
  // The uploader's profile is restricted (the harness's default): no public name.
  const u = await loggedIn(t, 'Uli Uploader');
  [owner, curator, uploader] = [o.client, c.client, u.client];
  lab = await createCommunity(owner, 'lab');
  await addMembers(owner, lab.id, [c.user.id], 'curator');
  // A reader of the lab: its managers know their members' names, private or not.
  await addMembers(owner, lab.id, [u.user.id], 'reader');
});
afterAll(() => t.close());

const comment = (content: string) => ({ payload: { content, format: 'html' } });

async function submitted(title: string) {
  const draft = (await createDraft(uploader, publishable(title))).json;
  const review = { receiver: { community: lab.id }, type: 'community-submission' };
  expect((await uploader.put(`/api/records/${draft.id}/draft/review`, review)).status).toBe(200);
  const submit = await uploader.post(
    `/api/records/${draft.id}/draft/actions/submit-review`,
    comment('<p>Please review.</p>'),
  );
  expect(submit.status, submit.body).toBe(202);
  return { draft, request: submit.json };
}

describe('a curator reviewing a submission', () => {
  it('may edit the draft but not delete it', async () => {
    const { draft } = await submitted('Not the curator’s to delete');
    const discard = await curator.delete(`/api/records/${draft.id}/draft`);
    expect(discard.status, discard.body).toBe(403);
    expect((await uploader.get(`/api/records/${draft.id}/draft`)).status).toBe(200);
    // The abilities the editor mirrors say the same: update yes, delete no.
    const read = await curator.get(`/api/records/${draft.id}/draft`, {
      headers: { accept: 'application/vnd.inveniordm.v1+json' },
    });
    expect(read.status).toBe(200);
    expect(read.json.ui.permissions).toMatchObject({
      can_update_draft: true,
      can_delete_draft: false,
    });
  });

  it('declines with a reason that the timeline keeps', async () => {
    const { request } = await submitted('Declined with a reason');
    const decline = await curator.post(
      `/api/requests/${request.id}/actions/decline`,
      comment('<p>Out of scope for this lab.</p>'),
    );
    expect(decline.status, decline.body).toBe(200);
    const timeline = (await uploader.get(`/api/requests/${request.id}/timeline`)).json;
    const contents = timeline.hits.hits.map(
      (event: { payload: { content?: string } }) => event.payload.content,
    );
    expect(contents).toContain('<p>Out of scope for this lab.</p>');
  });
});

describe('names on a request (expand=1)', () => {
  it('names a private submitter to the curators who decide, not through the user API', async () => {
    const { request } = await submitted('Whose submission');
    const created = request.created_by.user as string;
    // The user API keeps a restricted profile from a curator who does not manage…
    expect((await curator.get(`/api/users/${created}`)).status).toBe(403);
    const plain = await curator.get(`/api/requests/${request.id}`);
    expect(plain.json.expanded).toBeUndefined();
    // …but the request names its creator to those who decide it (SPEC §6: who submitted).
    const expanded = await curator.get(`/api/requests/${request.id}?expand=1`);
    expect(expanded.status).toBe(200);
    expect(expanded.json.expanded.created_by).toMatchObject({
      id: created,
      profile: { full_name: 'Uli Uploader' },
    });
    const timeline = await curator.get(`/api/requests/${request.id}/timeline?expand=1`);
    const authors = timeline.json.hits.hits.map(
      (event: { expanded?: { created_by: { profile: { full_name: string } } } }) =>
        event.expanded?.created_by.profile.full_name,
    );
    expect(authors).toContain('Uli Uploader');
    // The community's owner manages its members' names.
    const managed = await owner.get(`/api/requests/${request.id}?expand=1`);
    expect(managed.json.expanded.created_by.profile.full_name).toBe('Uli Uploader');
  });

  it('answers a bad expand value with 400 naming the parameter', async () => {
    const { request } = await submitted('Bad expand');
    const response = await curator.get(`/api/requests/${request.id}?expand=maybe`);
    expect(response.status).toBe(400);
    expect(response.body).toContain('expand');
  });
});
