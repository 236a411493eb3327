import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let curator: TestClient;
let reader: TestClient;
let asker: TestClient;
let recordId: string;

/** A record in a community, with restricted files, open to requests from users. */
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Olga Owner')).client;
  const steward = (await loggedIn(t, 'Stew Steward')).client;
  const c = await loggedIn(t, 'Carol Curator');
  const r = await loggedIn(t, 'Rae Reader');
  curator = c.client;
  reader = r.client;
  asker = (await loggedIn(t, 'Ari Asker')).client;
  const lab = await createCommunity(steward, 'requests-lab');
  await addMembers(steward, lab.id, [c.user.id], 'curator');
  await addMembers(steward, lab.id, [r.user.id], 'reader');
  const body = publishable('Requested', { access: { record: 'public', files: 'restricted' } });
  recordId = (await createDraft(owner, body)).json.id as string;
  const review = { receiver: { community: lab.id }, type: 'community-submission' };
  expect((await owner.put(`/api/records/${recordId}/draft/review`, review)).status).toBe(200);
  const submitted = await owner.post(`/api/records/${recordId}/draft/actions/submit-review`, {
    payload: { content: '<p>Please.</p>', format: 'html' },
  });
  expect(submitted.status, submitted.body).toBe(202);
  const accepted = await curator.post(`/api/requests/${submitted.json.id}/actions/accept`);
  expect(accepted.status, accepted.body).toBe(200);
  const opened = await owner.put(`/api/records/${recordId}/access`, {
    allow_user_requests: true,
    allow_guest_requests: false,
  });
  expect(opened.status, opened.body).toBe(200);
});
afterAll(() => t.close());

const listed = async (client: TestClient, id: string) => {
  const response = await client.get('/api/user/requests?size=100');
  expect(response.status, response.body).toBe(200);
  return (response.json.hits.hits as { id: string }[]).some((hit) => hit.id === id);
};

describe('access requests to a community record', () => {
  it('reach its curators, who decide them like its owner; its readers already read the files', async () => {
    const asked = await asker.post(`/api/records/${recordId}/access/request`, {});
    expect(asked.status, asked.body).toBe(200);
    const requestId = asked.json.id as string;
    expect(await listed(curator, requestId)).toBe(true);
    expect(await listed(owner, requestId)).toBe(true);
    expect(await listed(reader, requestId)).toBe(false);
    expect((await reader.post(`/api/records/${recordId}/access/request`, {})).status).toBe(403);
    expect((await reader.post(`/api/requests/${requestId}/actions/accept`)).status).toBe(403);
    const accepted = await curator.post(`/api/requests/${requestId}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    expect((await asker.get(`/api/records/${recordId}/files`)).status).toBe(200);
  });
});
