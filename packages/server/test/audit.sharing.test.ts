// The audit log of a record (issue "Audit log"): every change of its access,
// its publication, deletion and restore is one entry, written with the change;
// its managers read them as the record's access history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';
import { actions, entriesAbout } from './audit.helpers.ts';

let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let stranger: TestClient;
let ownerId: number;
let adminId: number;
let friendId: number;
let viewerClient: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  ownerId = o.id;
  owner = t.client();
  await owner.login(o.email);
  const a = await buildUser(t.services, { isAdmin: true });
  adminId = a.id;
  admin = t.client();
  await admin.login(a.email);
  stranger = t.client();
  await stranger.login((await buildUser(t.services)).email);
  const friend = await buildUser(t.services, { visibility: 'public', fullName: 'Fred Friend' });
  friendId = friend.id;
  viewerClient = t.client();
  await viewerClient.login(friend.email);
}, 300_000);
afterAll(() => t.close());

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('grants', () => {
  it('record create, update and delete once each, with who, when, from where and what changed', async () => {
    const record = await publishRecord(owner, restricted('Audited grants'));
    const parent = record.parent.id as string;
    const base = `/api/records/${record.id}/access/grants`;
    const before = Date.now();
    const created = await owner.post(base, {
      grants: [{ subject: { type: 'user', id: String(friendId) }, permission: 'view' }],
    });
    expect(created.status, created.body).toBe(201);
    const grantId = created.json.hits.hits[0].id as string;
    expect((await owner.patch(`${base}/${grantId}`, { permission: 'edit' })).status).toBe(200);
    expect((await owner.delete(`${base}/${grantId}`)).status).toBe(204);

    const rows = (await entriesAbout(t, parent)).filter((row) => row.action.startsWith('grant.'));
    expect(actions(rows)).toEqual(['grant.create', 'grant.update', 'grant.delete']);
    for (const row of rows) {
      expect(row).toMatchObject({ actorId: ownerId, actorAddress: '127.0.0.1' });
      expect(row.subjectType).toBe('parent');
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const subject = `user:${friendId}`;
    expect(rows[0]).toMatchObject({
      before: null,
      after: { grant: grantId, subject, permission: 'view' },
    });
    expect(rows[1]).toMatchObject({
      before: { permission: 'view' },
      after: { permission: 'edit' },
    });
    expect(rows[2]).toMatchObject({ before: { grant: grantId, permission: 'edit' }, after: null });
  });

  it('records nothing for a refused grant (a failed change writes no entry)', async () => {
    const record = await publishRecord(owner, restricted('Refused grant'));
    const parent = record.parent.id as string;
    const base = `/api/records/${record.id}/access/grants`;
    const body = {
      grants: [{ subject: { type: 'user', id: String(friendId) }, permission: 'view' }],
    };
    expect((await owner.post(base, body)).status).toBe(201);
    // The same subject again: the unique index refuses it inside the transaction.
    expect((await owner.post(base, body)).status).toBe(400);
    // A stranger may not share at all.
    expect((await stranger.post(base, body)).status).toBe(403);
    const rows = (await entriesAbout(t, parent)).filter((row) => row.action.startsWith('grant.'));
    expect(actions(rows)).toEqual(['grant.create']);
  });
});

describe('secret links', () => {
  it('record create, update and delete, and never the token', async () => {
    const record = await publishRecord(owner, restricted('Audited links'));
    const parent = record.parent.id as string;
    const base = `/api/records/${record.id}/access/links`;
    const created = await owner.post(base, { permission: 'preview', expires_at: day(30) });
    expect(created.status, created.body).toBe(201);
    const linkId = created.json.id as string;
    const changed = await owner.patch(`${base}/${linkId}`, { expires_at: day(10) });
    expect(changed.status, changed.body).toBe(200);
    const visit = await t.client().get(`/api/records/${record.id}?token=${created.json.token}`);
    expect(visit.status).toBe(200);
    expect((await owner.delete(`${base}/${linkId}`)).status).toBe(204);

    const rows = (await entriesAbout(t, parent)).filter((row) => row.action.startsWith('link.'));
    expect(actions(rows)).toEqual(['link.create', 'link.update', 'link.delete']);
    expect(rows[0]!.after).toMatchObject({ link: linkId, permission: 'preview' });
    // Only what changed: the expiry, not the permission.
    expect(rows[1]).toMatchObject({
      before: { link: linkId, expires_at: day(30) },
      after: { link: linkId, expires_at: day(10) },
    });
    expect(rows[1]!.after).not.toHaveProperty('permission');
    // The link's uses go with it: the entry keeps its final counts.
    expect(rows[2]!.before).toMatchObject({
      link: linkId,
      permission: 'preview',
      uses: 1,
      downloads: 0,
      visitors: 1,
    });
    expect(Date.parse(rows[2]!.before!.last_used_at as string)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    const token = created.json.token as string;
    expect(JSON.stringify(rows)).not.toContain(token.split('.')[1]);
  });
});

describe('concurrent changes', () => {
  it('record one deletion of a link that ten callers delete at once', async () => {
    const record = await publishRecord(owner, restricted('Raced link'));
    const base = `/api/records/${record.id}/access/links`;
    const link = (await owner.post(base, { permission: 'preview' })).json;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => owner.delete(`${base}/${link.id}`)),
    );
    expect(answers.filter((answer) => answer.status === 204).length).toBeGreaterThanOrEqual(1);
    const rows = await entriesAbout(t, record.parent.id as string);
    expect(rows.filter((row) => row.action === 'link.delete')).toHaveLength(1);
  });

  it('record ten settings changes made at once as one unbroken chain of before and after', async () => {
    const record = await publishRecord(owner, restricted('Raced settings'));
    const url = `/api/records/${record.id}/access`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.put(url, { accept_conditions_text: `<p>Condition ${i}</p>` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const rows = await entriesAbout(t, record.parent.id as string);
    const changes = rows.filter((row) => row.action === 'access.update');
    expect(changes).toHaveLength(10);
    // Each change starts from the one before it: none was lost or logged against stale settings.
    expect(changes[0]!.before).toEqual({ accept_conditions_text: null });
    for (let i = 1; i < changes.length; i += 1) {
      expect(changes[i]!.before).toEqual(changes[i - 1]!.after);
    }
  });
});

describe('access settings', () => {
  it('record what changed; a call that changes nothing records nothing', async () => {
    const record = await publishRecord(owner, restricted('Audited settings'));
    const parent = record.parent.id as string;
    const url = `/api/records/${record.id}/access`;
    expect((await owner.put(url, { allow_user_requests: true })).status).toBe(200);
    expect((await owner.put(url, { allow_user_requests: true })).status).toBe(200);
    const rows = (await entriesAbout(t, parent)).filter((row) => row.action === 'access.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ownerId,
      before: { allow_user_requests: false },
      after: { allow_user_requests: true },
    });
  });
});

describe('publication, visibility and embargo', () => {
  it('records each publication with the visibility it changed', async () => {
    const record = await publishRecord(owner, restricted('Audited publication'));
    const parent = record.parent.id as string;
    const [first] = await entriesAbout(t, parent);
    expect(first).toMatchObject({
      action: 'record.publish',
      actorId: ownerId,
      before: null,
      after: { record: record.id, access: { record: 'restricted', files: 'restricted' } },
    });
    // An edit that makes the record public, published again.
    expect((await owner.post(`/api/records/${record.id}/draft`)).status).toBe(201);
    const draft = (await owner.get(`/api/records/${record.id}/draft`)).json;
    const access = { ...draft.access, record: 'public', files: 'public' };
    const saved = await owner.put(`/api/records/${record.id}/draft`, { ...draft, access });
    expect(saved.status, saved.body).toBe(200);
    const again = await owner.post(`/api/records/${record.id}/draft/actions/publish`);
    expect(again.status, again.body).toBe(202);
    const rows = (await entriesAbout(t, parent)).filter((row) => row.action === 'record.publish');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      before: { record: record.id, access: { record: 'restricted', files: 'restricted' } },
      after: { record: record.id, access: { record: 'public', files: 'public' } },
    });
  });

  it('records the lift of an embargo as the system acting', async () => {
    const embargoed = {
      access: {
        record: 'restricted',
        files: 'restricted',
        embargo: { active: true, until: '2999-01-01', reason: 'Patent pending' },
      },
    };
    const draft = (await createDraft(owner, publishable('Audited embargo', embargoed))).json;
    const record = (await owner.post(`/api/records/${draft.id}/draft/actions/publish`)).json;
    expect(await t.services.records.liftEmbargo(record.id, new Date('2999-01-02'))).toBe('lifted');
    const rows = await entriesAbout(t, record.parent.id as string);
    const lift = rows.find((row) => row.action === 'record.embargo_lift');
    expect(lift).toMatchObject({
      actorId: null,
      actorAddress: null,
      before: { record: record.id, access: { record: 'restricted' } },
      after: { record: record.id, access: { record: 'public', files: 'public' } },
    });
  });
});

describe('deletion and restore', () => {
  it('records an administrator deleting and restoring a record', async () => {
    const record = await publishRecord(owner, publishable('Audited deletion'));
    const parent = record.parent.id as string;
    const removal = { removal_reason: { id: 'spam' }, note: 'Advertising' };
    const url = `/api/records/${record.id}/delete`;
    const deleted = await admin.request('DELETE', url, { body: removal });
    expect(deleted.status, deleted.body).toBe(204);
    // Deleting again is refused (410): no second entry.
    expect((await admin.request('DELETE', url, { body: removal })).status).toBe(410);
    const restored = await admin.post(`/api/records/${record.id}/restore`);
    expect(restored.status, restored.body).toBe(200);
    const rows = (await entriesAbout(t, parent)).filter((row) => row.action !== 'record.publish');
    expect(actions(rows)).toEqual(['record.delete', 'record.restore']);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      before: { records: [record.id], status: 'published' },
      after: { status: 'deleted', removal_reason: 'spam', note: 'Advertising' },
    });
    expect(rows[1]).toMatchObject({ actorId: adminId, after: { status: 'published' } });
  });

  it('records an owner deleting their own record within the window', async () => {
    const record = await publishRecord(owner, publishable('Audited own deletion'));
    const response = await owner.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: { id: 'test-record' },
    });
    expect(response.status, response.body).toBe(200);
    const rows = await entriesAbout(t, record.parent.id as string);
    expect(actions(rows)).toEqual(['record.publish', 'record.delete']);
    expect(rows[1]!.actorId).toBe(ownerId);
  });
});

describe('the access history', () => {
  it('shows its managers what happened, newest first, without addresses', async () => {
    const record = await publishRecord(owner, restricted('Audited history'));
    const base = `/api/records/${record.id}/access`;
    await owner.post(`${base}/links`, { permission: 'preview' });
    const history = await owner.get(`${base}/history`);
    expect(history.status, history.body).toBe(200);
    expect(history.json.hits.total).toBe(2);
    const [latest, first] = history.json.hits.hits;
    expect(latest).toMatchObject({
      action: 'link.create',
      actor: { id: ownerId, name: 'Olivia Owner' },
      address: null,
      subject: { type: 'parent', id: record.parent.id },
    });
    expect(first.action).toBe('record.publish');
    expect(history.json.links.self).toContain('/access/history');
    // Administrators find the same entries by the record's id.
    const found = await admin.get(`/api/admin/audit?subject=${record.id}`);
    expect(found.json.hits.total).toBe(2);
    expect(found.json.hits.hits[0]).toMatchObject({ action: 'link.create', address: '127.0.0.1' });
    // Paged.
    const paged = await owner.get(`${base}/history?size=1&page=2`);
    expect(paged.json.hits.hits.map((hit: { action: string }) => hit.action)).toEqual([
      'record.publish',
    ]);
  });

  it('is refused to those who may not manage the record', async () => {
    const record = await publishRecord(owner, restricted('Private history'));
    const url = `/api/records/${record.id}/access/history`;
    expect((await stranger.get(url)).status).toBe(403);
    // A viewer reads the record but does not manage its access.
    const grant = { subject: { type: 'user', id: String(friendId) }, permission: 'view' };
    await owner.post(`/api/records/${record.id}/access/grants`, { grants: [grant] });
    expect((await viewerClient.get(url)).status).toBe(403);
    expect((await t.client().get(url)).status).toBe(403);
  });
});
