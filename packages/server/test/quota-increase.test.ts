// Asking for more storage (issue 24, part 3): an owner's `quota-increase`
// request to the administrators; accepting raises the quota in the same commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { fieldErrors } from './records.helpers.ts';
import { askPath, draftWithFiles, recordLimit } from './quota-increase.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerEmail: string;
let admin: TestClient;
let adminEmail: string;
let stranger: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  ownerEmail = o.email;
  owner = t.client();
  await owner.login(o.email);
  admin = t.client();
  adminEmail = (await buildUser(t.services, { isAdmin: true })).email;
  await admin.login(adminEmail);
  stranger = t.client();
  await stranger.login((await buildUser(t.services)).email);
});
afterAll(() => t.close());

interface Mail {
  to: string;
  subject: string;
}
async function mailsTo(email: string): Promise<Mail[]> {
  await t.services.jobs.runDue();
  const response = await admin.get('/api/admin/outbox?size=1000');
  expect(response.status).toBe(200);
  return (response.json.hits.hits as Mail[]).filter((mail) => mail.to === email);
}

const myLimit = async () => (await owner.get('/api/me/quota')).json.max_bytes as number;

describe('asking for more storage', () => {
  it("links quota_increase on the owner's draft only", async () => {
    const draft = await draftWithFiles(owner, 'Linked');
    expect(draft.links.quota_increase).toBe(`http://arca.test${askPath(draft.id)}`);
    expect(
      (await owner.get(`/api/records/${draft.id}/draft`)).json.ui?.permissions,
    ).toBeUndefined();
    const asAdmin = await admin.get(`/api/records/${draft.id}/draft`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.links.quota_increase).toBeUndefined();
  });

  it('names the field of bad input with a 400', async () => {
    const draft = await draftWithFiles(owner, 'Badly asked');
    const limit = await recordLimit(owner, draft.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'more data' }, 'size'],
      [{ size: 'lots', reason: 'more data' }, 'size'],
      [{ size: 1.5, reason: 'more data' }, 'size'],
      [{ size: 2 ** 51, reason: 'more data' }, 'size'],
      [{ size: limit, reason: 'more data' }, 'size'],
      [{ size: limit * 2 }, 'reason'],
      [{ size: limit * 2, reason: '   ' }, 'reason'],
      [{ size: limit * 2, reason: 'x'.repeat(2001) }, 'reason'],
      [{ size: limit * 2, reason: 'more', scope: 'planet' }, 'scope'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.post(askPath(draft.id), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(fieldErrors(response)), JSON.stringify(body)).toEqual([field]);
    }
    const open = await owner.get(askPath(draft.id));
    expect(open.json).toEqual({ record: null, user: null });
  });

  it('lets only the owner ask, and only administrators decide', async () => {
    const draft = await draftWithFiles(owner, 'Only mine');
    const limit = await recordLimit(owner, draft.id);
    const body = { size: limit * 2, reason: 'Raw images' };
    expect((await stranger.post(askPath(draft.id), body)).status).toBe(403);
    expect((await admin.post(askPath(draft.id), body)).status).toBe(403);
    expect((await t.client().post(askPath(draft.id), body)).status).toBe(403);
    expect((await stranger.get(askPath(draft.id))).status).toBe(403);

    const asked = await owner.post(askPath(draft.id), body);
    expect(asked.status, asked.body).toBe(201);
    const id = asked.json.id as string;
    // Neither the owner nor another user may decide.
    expect((await owner.post(`/api/requests/${id}/actions/accept`)).status).toBe(403);
    expect((await stranger.post(`/api/requests/${id}/actions/accept`)).status).toBe(403);
    expect((await stranger.post(`/api/requests/${id}/actions/decline`)).status).toBe(403);
    expect(await recordLimit(owner, draft.id)).toBe(limit);
    await owner.post(`/api/requests/${id}/actions/cancel`);
  });

  it('accepted: the record quota becomes the asked size, the owner is mailed', async () => {
    const draft = await draftWithFiles(owner, 'Big images');
    const limit = await recordLimit(owner, draft.id);
    const asked = await owner.post(askPath(draft.id), {
      size: limit * 3,
      reason: 'Twenty <b>raw</b> images',
    });
    expect(asked.status, asked.body).toBe(201);
    expect(asked.json).toMatchObject({
      type: 'quota-increase',
      status: 'submitted',
      title: 'Big images',
      topic: { record: draft.id },
      payload: {
        scope: 'record',
        size: limit * 3,
        current: limit,
        reason: 'Twenty <b>raw</b> images',
      },
    });
    const id = asked.json.id as string;
    // One open request per record: a second is refused.
    const again = await owner.post(askPath(draft.id), { size: limit * 4, reason: 'More' });
    expect(again.status).toBe(409);
    expect((await owner.get(askPath(draft.id))).json).toMatchObject({ record: { id }, user: null });

    // In the administrator's requests, with the actions they may run.
    const list = await admin.get('/api/user/requests?type=quota-increase&is_open=true');
    expect(list.json.hits.hits.map((hit: { id: string }) => hit.id)).toContain(id);
    const read = await admin.get(`/api/requests/${id}`);
    expect(Object.keys(read.json.links.actions).sort()).toEqual(['accept', 'decline']);
    // The reason is the request's first comment, escaped.
    const timeline = await admin.get(`/api/requests/${id}/timeline`);
    expect(JSON.stringify(timeline.json)).toContain('Twenty &lt;b&gt;raw');

    // Every administrator is told, in the words of the request.
    const told = await mailsTo(adminEmail);
    expect(told.map((mail) => mail.subject)).toContain('Request for more storage for "Big images"');
    const before = (await mailsTo(ownerEmail)).length;
    const accepted = await admin.post(`/api/requests/${id}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    expect(accepted.json.status).toBe('accepted');
    expect(await recordLimit(owner, draft.id)).toBe(limit * 3);
    const mails = await mailsTo(ownerEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Your request for more storage for "Big images" was accepted');
    // In the owner's requests, closed; a new request may be made.
    const mine = await owner.get('/api/user/requests?type=quota-increase');
    expect(mine.json.hits.hits.map((hit: { id: string }) => hit.id)).toContain(id);
    expect((await owner.get(askPath(draft.id))).json.record).toBeNull();
  });

  it('accepted for the user: their own limit is raised, never lowered', async () => {
    const draft = await draftWithFiles(owner, 'Mine overall');
    const limit = await myLimit();
    const ask = (size: number) =>
      owner.post(askPath(draft.id), { scope: 'user', size, reason: 'A long campaign' });
    const first = await ask(limit + 1000);
    expect(first.status, first.body).toBe(201);
    expect((await admin.post(`/api/requests/${first.json.id}/actions/accept`)).status).toBe(200);
    expect(await myLimit()).toBe(limit + 1000);

    const second = await ask(limit + 2000);
    expect(second.status, second.body).toBe(201);
    // Raised further by hand meanwhile: accepting keeps the larger limit.
    const me = (await owner.get('/api/me')).json.id as string;
    const put = await admin.put(`/api/admin/users/${me}/quota`, {
      max_bytes: limit + 5000,
      max_drafts: null,
    });
    expect(put.status, put.body).toBe(200);
    expect((await admin.post(`/api/requests/${second.json.id}/actions/accept`)).status).toBe(200);
    expect(await myLimit()).toBe(limit + 5000);
  });

  it('declined with a comment: the quota stays, the owner is mailed', async () => {
    const draft = await draftWithFiles(owner, 'Not needed');
    const limit = await recordLimit(owner, draft.id);
    const asked = await owner.post(askPath(draft.id), { size: limit * 2, reason: 'Just in case' });
    const id = asked.json.id as string;
    const before = (await mailsTo(ownerEmail)).length;
    const declined = await admin.post(`/api/requests/${id}/actions/decline`, {
      payload: { content: '<p>Use the archive instead.</p>', format: 'html' },
    });
    expect(declined.status, declined.body).toBe(200);
    expect(declined.json.status).toBe('declined');
    expect(await recordLimit(owner, draft.id)).toBe(limit);
    const mails = await mailsTo(ownerEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Your request for more storage for "Not needed" was declined');
    const timeline = await owner.get(`/api/requests/${id}/timeline`);
    expect(JSON.stringify(timeline.json)).toContain('Use the archive instead.');
  });
});
