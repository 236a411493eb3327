// The audit log of community membership (issue "Audit log"): a community role
// gives access to the community's records, so each membership change is one
// entry about the community, written with the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { actions, entriesAbout } from './audit.helpers.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp();
  const o = await loggedIn(t, 'Otto Owner');
  owner = o.client;
  ownerId = o.user.id;
}, 180_000);
afterAll(() => t.close());

const members = (...ids: number[]) => ids.map((id) => ({ type: 'user', id: String(id) }));
const membershipEntries = async (community: string) =>
  (await entriesAbout(t, community)).filter((row) => row.action.startsWith('community.'));

describe('community membership', () => {
  it('records the creator made owner, with the community, once', async () => {
    const c = await createCommunity(owner, 'audit-created');
    const rows = await membershipEntries(c.id);
    expect(actions(rows)).toEqual(['community.member_add']);
    expect(rows[0]).toMatchObject({
      actorId: ownerId,
      actorAddress: '127.0.0.1',
      subjectType: 'community',
      before: null,
      after: { user: ownerId, role: 'owner', via: 'creation' },
    });
  });

  it('records members the server seeds and their role changes as the server', async () => {
    const c = await createCommunity(owner, 'audit-seeded');
    const sam = await loggedIn(t, 'Sam Seeded');
    const seed = (role: 'reader' | 'curator') =>
      t.services.communities.addMemberAsSystem(c.id, sam.user.id, role);
    await seed('reader');
    await seed('reader');
    await seed('curator');
    const rows = (await membershipEntries(c.id)).slice(1);
    expect(actions(rows)).toEqual(['community.member_add', 'community.member_role']);
    const user = sam.user.id;
    expect(rows[0]).toMatchObject({
      actorId: null,
      actorAddress: null,
      before: null,
      after: { user, role: 'reader', via: 'system' },
    });
    expect(rows[1]).toMatchObject({
      actorId: null,
      before: { user, role: 'reader' },
      after: { user, role: 'curator', via: 'system' },
    });
  });

  it('records a member added by a manager, a role change and a removal, once each', async () => {
    const c = await createCommunity(owner, 'audit-members');
    const mia = await loggedIn(t, 'Mia Member');
    await addMembers(owner, c.id, [mia.user.id], 'reader');
    const promoted = await owner.put(`/api/communities/${c.id}/members`, {
      members: members(mia.user.id),
      role: 'curator',
    });
    expect(promoted.status, promoted.body).toBe(204);
    // The same role again changes nothing, so nothing is recorded.
    await addMembers(owner, c.id, [mia.user.id], 'curator');
    const removed = await owner.delete(`/api/communities/${c.id}/members`, {
      body: { members: members(mia.user.id) },
    });
    expect(removed.status, removed.body).toBe(204);

    // The first entry is the creator made owner (tested below).
    const rows = (await membershipEntries(c.id)).slice(1);
    expect(actions(rows)).toEqual([
      'community.member_add',
      'community.member_role',
      'community.member_remove',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: ownerId,
        actorAddress: '127.0.0.1',
        subjectType: 'community',
      });
    }
    const user = mia.user.id;
    expect(rows[0]).toMatchObject({
      before: null,
      after: { user, role: 'reader', via: 'manager' },
    });
    expect(rows[1]).toMatchObject({
      before: { user, role: 'reader' },
      after: { user, role: 'curator' },
    });
    expect(rows[2]).toMatchObject({ before: { user, role: 'curator' }, after: null });
  });

  it('records accepting an invitation, joining an open community and leaving it', async () => {
    const c = await createCommunity(owner, 'audit-open', { access: { member_policy: 'open' } });
    const ivy = await loggedIn(t, 'Ivy Invitee');
    const sent = await owner.post(`/api/communities/${c.id}/invitations`, {
      members: members(ivy.user.id),
      role: 'curator',
    });
    expect(sent.status, sent.body).toBe(201);
    const [invitation] = (await ivy.client.get('/api/user/requests')).json.hits.hits as {
      id: string;
    }[];
    const accepted = await ivy.client.post(`/api/requests/${invitation!.id}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);

    const joe = await loggedIn(t, 'Joe Joiner');
    expect((await joe.client.post(`/api/communities/${c.id}/join`)).status).toBe(201);
    // Joining again changes nothing.
    expect((await joe.client.post(`/api/communities/${c.id}/join`)).status).toBe(200);
    const left = await joe.client.delete(`/api/communities/${c.id}/members`, {
      body: { members: members(joe.user.id) },
    });
    expect(left.status, left.body).toBe(204);

    const rows = (await membershipEntries(c.id)).slice(1);
    expect(actions(rows)).toEqual([
      'community.member_add',
      'community.member_add',
      'community.member_leave',
    ]);
    expect(rows[0]).toMatchObject({
      actorId: ivy.user.id,
      actorAddress: '127.0.0.1',
      after: { user: ivy.user.id, role: 'curator', via: 'invitation', request: invitation!.id },
    });
    expect(rows[1]).toMatchObject({
      actorId: joe.user.id,
      after: { user: joe.user.id, role: 'reader', via: 'join' },
    });
    expect(rows[2]).toMatchObject({
      actorId: joe.user.id,
      before: { user: joe.user.id, role: 'reader' },
      after: null,
    });
  });

  it('records nothing when a change is refused (the last owner cannot step down or leave)', async () => {
    const c = await createCommunity(owner, 'audit-last-owner');
    const demoted = await owner.put(`/api/communities/${c.id}/members`, {
      members: members(ownerId),
      role: 'manager',
    });
    expect(demoted.status).toBe(400);
    const left = await owner.delete(`/api/communities/${c.id}/members`, {
      body: { members: members(ownerId) },
    });
    expect(left.status).toBe(400);
    // Only the creation's entry: the refused changes left none.
    expect(actions(await membershipEntries(c.id))).toEqual(['community.member_add']);
    const [{ role } = { role: '' }] = (await owner.get(`/api/communities/${c.id}/members`)).json
      .hits.hits as { role: string }[];
    expect(role).toBe('owner');
  });

  it('10 parallel adds, role changes and joins of one person are recorded once each', async () => {
    const c = await createCommunity(owner, 'audit-parallel', { access: { member_policy: 'open' } });
    const pat = await loggedIn(t, 'Pat Parallel');
    const tenTimes = (call: () => Promise<{ status: number }>) =>
      Promise.all(Array.from({ length: 10 }, call));
    const set = (role: string) => () =>
      owner.put(`/api/communities/${c.id}/members`, { members: members(pat.user.id), role });
    const add = () =>
      owner.post(`/api/communities/${c.id}/members`, {
        members: members(pat.user.id),
        role: 'curator',
      });
    expect((await tenTimes(add)).map((answer) => answer.status)).toEqual(Array(10).fill(204));
    expect((await tenTimes(set('manager'))).map((answer) => answer.status)).toEqual(
      Array(10).fill(204),
    );
    const quinn = await loggedIn(t, 'Quinn Quick');
    await tenTimes(() => quinn.client.post(`/api/communities/${c.id}/join`));

    const rows = (await membershipEntries(c.id)).slice(1);
    expect(actions(rows)).toEqual([
      'community.member_add',
      'community.member_role',
      'community.member_add',
    ]);
    expect(rows[1]).toMatchObject({
      before: { user: pat.user.id, role: 'curator' },
      after: { user: pat.user.id, role: 'manager' },
    });
    expect(rows[2]).toMatchObject({ actorId: quinn.user.id, after: { via: 'join' } });
  });
});
