import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { groupMembers, sessions, users } from '../src/db/schema.ts';
import { buildUser, eventually, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { communityBody } from './communities.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
});
afterAll(() => t.close());

async function signedIn(options: { isAdmin?: boolean } = {}) {
  const user = await buildUser(t.services, options);
  const client = t.client();
  await client.login(user.email);
  return { user, client };
}

/** Another browser holding the same cookies: what a stolen or second tab's cookie would do. */
function sameCookies(client: TestClient): TestClient {
  const copy = t.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/**
 * Runs `write` with a table's announcements off, so only what this server does itself
 * can make the change seen: the next request must see it all the same.
 */
async function unannounced<T>(table: string, trigger: string, write: () => Promise<T>) {
  await t.db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
  try {
    return await write();
  } finally {
    await t.db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
  }
}

const status = async (client: TestClient, url: string) => (await client.get(url)).status;

describe('cached sessions', () => {
  it('answer signed-in requests without a lookup, and end when the database announces it', async () => {
    const { user, client } = await signedIn();
    expect(await status(client, '/api/me')).toBe(200);

    // Proof that the session comes from the cache: with the trigger off, its deletion goes unseen.
    await unannounced('sessions', 'sessions_notify_change', () =>
      t.db.delete(sessions).where(eq(sessions.userId, user.id)),
    );
    expect(await status(client, '/api/me')).toBe(200);

    // Any announced change to the user's sessions drops them, here another login's expiry.
    const other = t.client();
    await other.login(user.email);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    await eventually(async () => (await status(client, '/api/me')) === 401);
  });

  it('end at once on logout, for every holder of the cookie', async () => {
    const { client } = await signedIn();
    const tab = sameCookies(client);
    expect(await status(tab, '/api/me')).toBe(200);
    const loggedOut = await unannounced('sessions', 'sessions_notify_change', () =>
      client.post('/api/auth/logout'),
    );
    expect(loggedOut.status).toBeLessThan(300);
    expect(await status(tab, '/api/me')).toBe(401);
  });

  it('lose admin rights at the next request when an admin revokes them', async () => {
    const { user, client } = await signedIn({ isAdmin: true });
    expect(await status(client, '/api/admin/users')).toBe(200);
    const revoked = await unannounced('users', 'users_notify_change', () =>
      admin.patch(`/api/admin/users/${user.id}`, { is_admin: false }),
    );
    expect(revoked.status, revoked.body).toBe(200);
    expect(await status(client, '/api/admin/users')).toBe(403);
  });

  it('follow changes made behind the services: admin flag, deactivation', async () => {
    const { user, client } = await signedIn({ isAdmin: true });
    expect(await status(client, '/api/admin/users')).toBe(200);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
    await eventually(async () => (await status(client, '/api/admin/users')) === 403);

    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    await eventually(async () => (await status(client, '/api/me')) === 401);
  });

  it('follow group memberships, through the API at once and in SQL eventually', async () => {
    const owner = (await signedIn()).client;
    const { user, client } = await signedIn();
    await t.services.groups.create({ name: 'core-lab', title: 'Core lab' });
    const record = await publishRecord(
      owner,
      publishable('For the core lab', { access: { record: 'restricted', files: 'restricted' } }),
    );
    const shared = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'role', id: 'core-lab' }, permission: 'view' }],
    });
    expect(shared.status, shared.body).toBe(201);
    const read = () => status(client, `/api/records/${record.id}`);
    expect(await read()).toBe(403);

    const added = await unannounced('group_members', 'group_members_notify_change', () =>
      admin.put(`/api/admin/groups/core-lab/members/${user.id}`),
    );
    expect(added.status, added.body).toBe(204);
    expect(await read()).toBe(200);

    await t.db.delete(groupMembers).where(eq(groupMembers.userId, user.id));
    await eventually(async () => (await read()) === 403);
  });

  it('follow community roles changed through the API at once', async () => {
    const { client: owner } = await signedIn();
    const { user, client: member } = await signedIn();
    const created = await unannounced('community_members', 'community_members_notify_change', () =>
      owner.post('/api/communities', communityBody('cached-roles')),
    );
    expect(created.status, created.body).toBe(201);
    const url = `/api/communities/${created.json.id}`;
    const edit = (client: TestClient) =>
      client.put(url, communityBody('cached-roles', { metadata: { title: 'Cached roles' } }));
    expect((await edit(owner)).status).toBe(200);
    expect((await edit(member)).status).toBe(403);

    const members = { members: [{ type: 'user', id: String(user.id) }], role: 'manager' };
    await unannounced('community_members', 'community_members_notify_change', () =>
      owner.post(`${url}/members`, members),
    );
    expect((await edit(member)).status).toBe(200);
    await unannounced('community_members', 'community_members_notify_change', () =>
      owner.delete(`${url}/members`, { body: members }),
    );
    expect((await edit(member)).status).toBe(403);
  });
});
