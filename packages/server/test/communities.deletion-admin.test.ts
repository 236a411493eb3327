// Who may delete and restore communities, how a deletion's input is checked, and the
// administration's list of every community (`/api/admin/communities`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { deleteCommunity, deleted, reason, restore } from './communities.deletion.helpers.ts';
import { fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let manager: TestClient;
let curator: TestClient;
let otherOwner: TestClient;
let stranger: TestClient;
let admin: TestClient;
let managerId: number;
let curatorId: number;
let strangerId: number;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Olga Owner')).client;
  const m = await loggedIn(t, 'Mo Manager');
  [manager, managerId] = [m.client, m.user.id];
  const c = await loggedIn(t, 'Carol Curator');
  [curator, curatorId] = [c.client, c.user.id];
  otherOwner = (await loggedIn(t, 'Oscar Otherowner')).client;
  const s = await loggedIn(t, 'Sid Stranger');
  [stranger, strangerId] = [s.client, s.user.id];
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
}, 180_000);
afterAll(() => t.close());

const readStatus = async (id: string) => (await admin.get(`/api/communities/${id}`)).status;

describe('deleting', () => {
  it('is for owners and administrators: managers, curators, other owners and visitors get 403', async () => {
    const c = await createCommunity(owner, 'perm-lab');
    await addMembers(owner, c.id, [managerId], 'manager');
    await addMembers(owner, c.id, [curatorId], 'curator');
    // The owner and a manager of another community own nothing here.
    const other = await createCommunity(otherOwner, 'perm-other');
    await addMembers(otherOwner, other.id, [strangerId], 'manager');
    for (const client of [manager, curator, otherOwner, stranger, t.client()]) {
      const response = await deleteCommunity(client, c.id);
      expect(response.status, response.body).toBe(403);
    }
    expect(await readStatus(c.id)).toBe(200);
    // A restricted community is not even found by those who cannot see it.
    const closed = await createCommunity(owner, 'perm-closed', {
      access: { visibility: 'restricted' },
    });
    expect((await deleteCommunity(stranger, closed.id)).status).toBe(404);

    const ui = (await owner.get(`/api/communities/${c.id}`)).json.ui.permissions;
    expect(ui).toMatchObject({ can_delete: true, can_restore: false });
    expect((await manager.get(`/api/communities/${c.id}`)).json.ui.permissions.can_delete).toBe(
      false,
    );
    await deleted(owner, c.id);
    await deleted(admin, other.id);
    expect(await readStatus(c.id)).toBe(410);
  });

  it('names the field of a missing or unknown reason, a long note or a bad visibility', async () => {
    const c = await createCommunity(owner, 'checked-lab');
    const cases: [unknown, string][] = [
      [{}, 'removal_reason'],
      [{ removal_reason: { id: 'no-such-reason' } }, 'removal_reason.id'],
      [reason('spam', { note: 'x'.repeat(1001) }), 'note'],
      [reason('spam', { is_visible: 'yes' }), 'is_visible'],
    ];
    for (const [body, field] of cases) {
      const response = await deleteCommunity(owner, c.id, body);
      expect(response.status, response.body).toBe(400);
      expect(Object.keys(fieldErrors(response)), field).toContain(field);
    }
    expect(await readStatus(c.id)).toBe(200);
  });
});

describe('restoring', () => {
  it('is for administrators alone, and only of a deleted community', async () => {
    const c = await createCommunity(owner, 'restore-lab');
    expect((await restore(admin, c.id)).status).toBe(400);
    expect((await restore(admin, c.id)).json.message).toBe('This community is not deleted.');
    await deleted(owner, c.id);
    for (const client of [owner, stranger, t.client()]) {
      expect((await restore(client, c.id)).status).toBe(403);
    }
    expect((await restore(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const restored = await restore(admin, c.id);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json).toMatchObject({
      slug: 'restore-lab',
      deletion_status: { is_deleted: false },
    });
    expect(restored.json.tombstone).toBeUndefined();
    expect((await t.client().get('/api/communities/restore-lab')).status).toBe(200);
    expect((await t.client().get('/api/communities?q=restore-lab')).json.hits.total).toBe(1);
  });
});

describe('the administration list', () => {
  it('refuses everyone but administrators', async () => {
    for (const client of [owner, stranger, t.client()]) {
      expect((await client.get('/api/admin/communities')).status).toBe(403);
    }
  });

  it('lists deleted and restricted communities with their records and members counted', async () => {
    const open = await createCommunity(owner, 'list-open');
    const closed = await createCommunity(owner, 'list-closed', {
      access: { visibility: 'restricted', member_policy: 'open' },
    });
    await addMembers(owner, closed.id, [managerId, curatorId], 'curator');
    const gone = await createCommunity(owner, 'list-gone');
    await deleted(owner, gone.id, reason('duplicate'));
    // A restricted record counts here (the public lists count public ones only).
    const record = await publishRecord(
      curator,
      publishable('In the closed list', { access: { record: 'restricted', files: 'restricted' } }),
    );
    const included = await curator.post(`/api/records/${record.id}/communities`, {
      communities: [{ id: closed.id }],
    });
    expect(included.status, included.body).toBe(200);

    const all = await admin.get('/api/admin/communities?q=list-&size=10');
    expect(all.status, all.body).toBe(200);
    const byId = new Map(
      (all.json.hits.hits as { id: string }[]).map((hit) => [hit.id, hit] as const),
    );
    expect([...byId.keys()].sort()).toEqual([open.id, closed.id, gone.id].sort());
    expect(byId.get(closed.id)).toMatchObject({
      access: { visibility: 'restricted' },
      deletion_status: { is_deleted: false },
      ui: { records_count: 1, members_count: 3, permissions: { can_restore: false } },
    });
    expect(byId.get(gone.id)).toMatchObject({
      deletion_status: { is_deleted: true, status: 'D' },
      tombstone: { removal_reason: { id: 'duplicate' } },
      ui: { permissions: { can_restore: true, can_update: false, can_delete: false } },
    });

    const deletedOnly = await admin.get('/api/admin/communities?status=deleted&q=list-');
    expect(deletedOnly.json.hits.hits.map((hit: { id: string }) => hit.id)).toEqual([gone.id]);
    const restricted = await admin.get(
      '/api/admin/communities?status=published&visibility=restricted&q=list-',
    );
    expect(restricted.json.hits.hits.map((hit: { id: string }) => hit.id)).toEqual([closed.id]);
    const paged = await admin.get('/api/admin/communities?q=list-&size=2&page=2');
    expect(paged.json.hits).toMatchObject({ total: 3 });
    expect(paged.json.hits.hits).toHaveLength(1);
    const bad = await admin.get('/api/admin/communities?status=gone');
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad).status).toBeDefined();
  });
});

describe("an administrator's visibility change", () => {
  it('restricts a community and makes it public again through the update', async () => {
    const c = await createCommunity(owner, 'admin-restricts');
    const body = (visibility: string) => ({
      slug: 'admin-restricts',
      metadata: { title: 'Community admin-restricts' },
      access: { visibility },
    });
    const restricted = await admin.put(`/api/communities/${c.id}`, body('restricted'));
    expect(restricted.status, restricted.body).toBe(200);
    expect(restricted.json.access.visibility).toBe('restricted');
    expect((await stranger.get(`/api/communities/${c.id}`)).status).toBe(404);
    expect((await owner.get(`/api/communities/${c.id}`)).status).toBe(200);
    const opened = await admin.put(`/api/communities/${c.id}`, body('public'));
    expect(opened.status, opened.body).toBe(200);
    expect((await stranger.get(`/api/communities/${c.id}`)).status).toBe(200);
  });
});
