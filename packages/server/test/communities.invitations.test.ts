import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
});
afterAll(() => t.close());

const users = (...ids: number[]) => ids.map((id) => ({ type: 'user', id: String(id) }));
const memberIds = async (client: TestClient, community: string) =>
  ((await client.get(`/api/communities/${community}/members`)).json.hits.hits as { id: string }[])
    .map((m) => m.id)
    .sort();

describe('invitations', () => {
  it('are sent by managers with a role and a message, and accepted or declined by the invitee', async () => {
    const c = await createCommunity(owner, 'invites');
    const cora = await loggedIn(t, 'Cora Curator');
    const dan = await loggedIn(t, 'Dan Decliner');
    const sent = await owner.post(`/api/communities/${c.id}/invitations`, {
      members: users(cora.user.id, dan.user.id),
      role: 'curator',
      message: 'Please help us <b>curate</b>.',
    });
    expect(sent.status, sent.body).toBe(201);
    const open = await owner.get(`/api/communities/${c.id}/invitations`);
    expect(open.json.hits.total).toBe(2);
    expect(open.json.hits.hits[0]).toMatchObject({ role: 'curator', status: 'submitted' });

    // The invitee finds it among their requests, with the message as its first comment.
    const mine = await cora.client.get('/api/user/requests');
    const invitation = (mine.json.hits.hits as { id: string; type: string }[]).find(
      (r) => r.type === 'community-invitation',
    )!;
    expect(invitation).toBeDefined();
    const timeline = await cora.client.get(`/api/requests/${invitation.id}/timeline`);
    expect(JSON.stringify(timeline.json)).toContain('Please help us &lt;b&gt;curate&lt;/b&gt;.');
    // Only the invitee answers it.
    expect((await owner.post(`/api/requests/${invitation.id}/actions/accept`)).status).toBe(403);
    const accepted = await cora.client.post(`/api/requests/${invitation.id}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    const members = await owner.get(`/api/communities/${c.id}/members`);
    expect(
      (members.json.hits.hits as { id: string; role: string }[]).find(
        (m) => m.id === String(cora.user.id),
      )?.role,
    ).toBe('curator');
    // Membership takes effect at once: the new curator sees the community's requests.
    expect((await cora.client.get(`/api/communities/${c.id}/members`)).status).toBe(200);

    const danInvite = (await dan.client.get('/api/user/requests')).json.hits.hits[0];
    expect((await dan.client.post(`/api/requests/${danInvite.id}/actions/decline`)).status).toBe(
      200,
    );
    expect(await memberIds(owner, c.id)).not.toContain(String(dan.user.id));
    expect((await owner.get(`/api/communities/${c.id}/invitations`)).json.hits.total).toBe(0);
  });

  it('follow the member rules: managers only, no owners from managers, no duplicates', async () => {
    const c = await createCommunity(owner, 'invite-rules');
    const manager = await loggedIn(t, 'Mia Manager');
    const reader = await loggedIn(t, 'Rea Reader');
    const guest = await loggedIn(t, 'Gus Guest');
    await addMembers(owner, c.id, [manager.user.id], 'manager');
    await addMembers(owner, c.id, [reader.user.id], 'reader');
    const invite = (client: TestClient, ids: number[], role: string) =>
      client.post(`/api/communities/${c.id}/invitations`, { members: users(...ids), role });

    expect((await invite(reader.client, [guest.user.id], 'reader')).status).toBe(403);
    expect((await reader.client.get(`/api/communities/${c.id}/invitations`)).status).toBe(403);
    const asOwner = await invite(manager.client, [guest.user.id], 'owner');
    expect(asOwner.status).toBe(403);
    expect(asOwner.json.message).toBe('Only owners may add, change or remove owners.');
    const member = await invite(manager.client, [reader.user.id], 'curator');
    expect(member.status).toBe(400);
    expect(member.json.message).toBe(
      `User ${reader.user.id} is already a member of this community.`,
    );
    expect((await invite(manager.client, [guest.user.id], 'reader')).status).toBe(201);
    const twice = await invite(owner, [guest.user.id], 'curator');
    expect(twice.status).toBe(400);
    expect(twice.json.message).toContain('already has an open invitation');
    expect((await invite(owner, [999_999], 'reader')).status).toBe(400);
    const badRole = await invite(owner, [guest.user.id], 'emperor');
    expect(badRole.status).toBe(400);
    expect(badRole.json.errors[0].field).toBe('role');

    // The inviting side may withdraw it; the invitee then cannot accept it.
    const [open] = (await manager.client.get(`/api/communities/${c.id}/invitations`)).json.hits
      .hits as { id: string }[];
    expect((await manager.client.post(`/api/requests/${open!.id}/actions/cancel`)).status).toBe(
      200,
    );
    expect((await guest.client.post(`/api/requests/${open!.id}/actions/accept`)).status).toBe(400);
  });
});

describe('member rules', () => {
  it('keeps the last owner from leaving; another member may leave', async () => {
    const c = await createCommunity(owner, 'leaving');
    const reader = await loggedIn(t, 'Lee Leaver');
    await addMembers(owner, c.id, [reader.user.id], 'reader');
    const leave = (client: TestClient, id: number) =>
      client.delete(`/api/communities/${c.id}/members`, { body: { members: users(id) } });
    const last = await leave(owner, ownerId);
    expect(last.status).toBe(400);
    expect(last.json.message).toBe('A community must keep at least one owner.');
    expect((await leave(reader.client, reader.user.id)).status).toBe(204);
    expect(await memberIds(owner, c.id)).toEqual([String(ownerId)]);
  });

  it('keeps a manager of one community away from another', async () => {
    const mine = await createCommunity(owner, 'own-patch');
    const other = await loggedIn(t, 'Nora Neighbour');
    const theirs = await createCommunity(other.client, 'their-patch');
    const manager = await loggedIn(t, 'Manny Manager');
    await addMembers(owner, mine.id, [manager.user.id], 'manager');
    const body = { slug: 'their-patch', metadata: { title: 'Taken over' } };
    expect((await manager.client.put(`/api/communities/${theirs.id}`, body)).status).toBe(403);
    const invite = await manager.client.post(`/api/communities/${theirs.id}/invitations`, {
      members: users(manager.user.id),
      role: 'reader',
    });
    expect(invite.status).toBe(403);
  });

  it('shows hidden memberships to managers and the member only; members lists follow members_visibility', async () => {
    const c = await createCommunity(owner, 'hidden-members', {
      access: { members_visibility: 'restricted' },
    });
    const shy = await loggedIn(t, 'Shy Member');
    const reader = await loggedIn(t, 'Rita Reader');
    await addMembers(owner, c.id, [shy.user.id], 'curator');
    await addMembers(owner, c.id, [reader.user.id], 'reader');
    // Only members change their own visibility.
    const forOther = await owner.put(`/api/communities/${c.id}/members`, {
      members: users(shy.user.id),
      visible: false,
    });
    expect(forOther.status).toBe(403);
    const hide = await shy.client.put(`/api/communities/${c.id}/members`, {
      members: users(shy.user.id),
      visible: false,
    });
    expect(hide.status).toBe(204);
    expect(await memberIds(reader.client, c.id)).not.toContain(String(shy.user.id));
    expect(await memberIds(shy.client, c.id)).toContain(String(shy.user.id));
    expect(await memberIds(owner, c.id)).toContain(String(shy.user.id));
    // Restricted members: outsiders see no list.
    expect((await t.client().get(`/api/communities/${c.id}/members`)).status).toBe(403);
    const body = {
      slug: 'hidden-members',
      metadata: { title: 'Hidden members' },
      access: { members_visibility: 'public' },
    };
    expect((await owner.put(`/api/communities/${c.id}`, body)).status).toBe(200);
    const outsider = await memberIds(t.client(), c.id);
    expect(outsider).toContain(String(reader.user.id));
    expect(outsider).not.toContain(String(shy.user.id));
  });
});

describe('settings and lists', () => {
  it('keeps organisations, member settings and a sanitised description', async () => {
    const c = await createCommunity(owner, 'settings', {
      metadata: {
        title: 'Settings',
        description: '<p>Soil <b>science</b><script>alert(1)</script></p>',
        organizations: [{ name: 'University of Oslo' }],
      },
      access: { members_visibility: 'public', member_policy: 'open' },
    });
    expect(c).toMatchObject({
      metadata: {
        description: '<p>Soil <b>science</b></p>',
        organizations: [{ name: 'University of Oslo' }],
      },
      access: { members_visibility: 'public', member_policy: 'open' },
    });
    const bad = await owner.post('/api/communities', {
      slug: 'bad-settings',
      metadata: { title: 'Bad', organizations: [{ name: '' }] },
      access: { member_policy: 'sometimes' },
    });
    expect(bad.status).toBe(400);
    expect((bad.json.errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'access.member_policy',
      'metadata.organizations.0.name',
    ]);
  });

  it('tells the list who may create, and counts public records per community', async () => {
    const empty = await owner.get('/api/communities?q=settings');
    expect(empty.json.ui.permissions.can_create).toBe(true);
    expect(empty.json.hits.hits[0].ui.records_count).toBe(0);
    const c = await createCommunity(owner, 'counted');
    const include = async (body: unknown) => {
      const record = await publishRecord(owner, body);
      const added = await owner.post(`/api/records/${record.id}/communities`, {
        communities: [{ id: c.id }],
      });
      expect(added.status, added.body).toBe(200);
    };
    await include(publishable('Counted'));
    // A restricted record is not counted: the figure is the same for every reader.
    await include(
      publishable('Not counted', { access: { record: 'restricted', files: 'restricted' } }),
    );
    const list = await t.client().get('/api/communities?q=counted');
    expect(list.json.hits.hits[0].ui.records_count).toBe(1);
    expect((await t.client().get('/api/communities')).json.ui.permissions.can_create).toBe(false);
  });
});

describe('parallel invitations', () => {
  it('ten managers inviting one person at once send one invitation', async () => {
    const c = await createCommunity(owner, 'parallel-invites');
    const managers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => loggedIn(t, `Parallel Manager ${i}`)),
    );
    await addMembers(
      owner,
      c.id,
      managers.map((m) => m.user.id),
      'manager',
    );
    const invitee = await loggedIn(t, 'Ivy Invitee');
    const statuses = await Promise.all(
      managers.map(async (m) => {
        const answer = await m.client.post(`/api/communities/${c.id}/invitations`, {
          members: users(invitee.user.id),
          role: 'reader',
        });
        return answer.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    expect((await owner.get(`/api/communities/${c.id}/invitations`)).json.hits.total).toBe(1);
  });
});
