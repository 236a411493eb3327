// The audit log of deleting and restoring communities, and of changes to their settings (an
// administrator restricting one is an access change): one entry each, written in the same
// transaction, and none for a change that was refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { actions, entriesAbout } from './audit.helpers.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import {
  deleteCommunity,
  deleted,
  reason,
  requestStatus,
  restore,
  submittedTo,
} from './communities.deletion.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let manager: TestClient;
let managerId: number;
let admin: TestClient;
let adminId: number;
let uploader: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  [owner, ownerId] = [o.client, o.user.id];
  const m = await loggedIn(t, 'Mo Manager');
  [manager, managerId] = [m.client, m.user.id];
  uploader = (await loggedIn(t, 'Uli Uploader')).client;
  const a = await buildUser(t.services, { isAdmin: true });
  adminId = a.id;
  admin = t.client();
  await admin.login(a.email);
}, 180_000);
afterAll(() => t.close());

const communityEntries = async (id: string) =>
  (await entriesAbout(t, id)).filter((row) =>
    ['community.update', 'community.delete', 'community.restore'].includes(row.action),
  );

const settings = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  metadata: { title: `Community ${slug}`, description: `About ${slug}.` },
  ...overrides,
});

describe('deleting and restoring a community', () => {
  it('records the deletion, with the requests it cancelled, and the restore', async () => {
    const c = await createCommunity(owner, 'audited-lab');
    const { requestId } = await submittedTo(uploader, c.id, 'Open when deleted');
    await deleted(owner, c.id, reason('spam', { note: 'Advertising.' }));
    const back = await restore(admin, c.id);
    expect(back.status, back.body).toBe(200);

    const rows = await communityEntries(c.id);
    expect(actions(rows)).toEqual(['community.delete', 'community.restore']);
    expect(rows[0]).toMatchObject({
      actorId: ownerId,
      actorAddress: '127.0.0.1',
      subjectType: 'community',
      subjectId: c.id,
      before: { status: 'published', slug: 'audited-lab', visibility: 'public' },
      after: {
        status: 'deleted',
        removal_reason: 'spam',
        note: 'Advertising.',
        is_visible: true,
        cancelled_requests: [requestId],
      },
    });
    expect(rows[1]).toMatchObject({
      actorId: adminId,
      before: { status: 'deleted', removal_reason: 'spam' },
      after: { status: 'published' },
    });
  });

  it('records nothing for a refused deletion or restore', async () => {
    const c = await createCommunity(owner, 'refused-lab');
    await addMembers(owner, c.id, [managerId], 'manager');
    expect((await deleteCommunity(manager, c.id)).status).toBe(403);
    expect((await deleteCommunity(owner, c.id, { removal_reason: { id: 'nope' } })).status).toBe(
      400,
    );
    expect((await restore(admin, c.id)).status).toBe(400);
    await deleted(owner, c.id);
    expect((await deleteCommunity(admin, c.id)).status).toBe(410);
    expect((await restore(owner, c.id)).status).toBe(403);
    expect(actions(await communityEntries(c.id))).toEqual(['community.delete']);
  });

  it('deletes nothing when its entry cannot be written: the change and the entry are one commit', async () => {
    const c = await createCommunity(owner, 'atomic-lab');
    const { requestId } = await submittedTo(uploader, c.id, 'Still open');
    await t.db.execute(
      sql`ALTER TABLE audit_events ADD CONSTRAINT no_community_deletes CHECK (action <> 'community.delete') NOT VALID`,
    );
    try {
      expect((await deleteCommunity(owner, c.id)).status).not.toBe(204);
    } finally {
      await t.db.execute(sql`ALTER TABLE audit_events DROP CONSTRAINT no_community_deletes`);
    }
    expect((await owner.get(`/api/communities/${c.id}`)).status).toBe(200);
    expect(await requestStatus(uploader, requestId)).toBe('submitted');
    expect(await communityEntries(c.id)).toEqual([]);
  });
});

describe("changing a community's settings", () => {
  it("records an administrator's restriction and its undoing, with only what changed", async () => {
    const c = await createCommunity(owner, 'restrict-me');
    const restricted = await admin.put(
      `/api/communities/${c.id}`,
      settings('restrict-me', { access: { visibility: 'restricted' } }),
    );
    expect(restricted.status, restricted.body).toBe(200);
    const opened = await admin.put(
      `/api/communities/${c.id}`,
      settings('restrict-me', { access: { visibility: 'public', member_policy: 'open' } }),
    );
    expect(opened.status, opened.body).toBe(200);

    const rows = await communityEntries(c.id);
    expect(actions(rows)).toEqual(['community.update', 'community.update']);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      before: { visibility: 'public' },
      after: { visibility: 'restricted' },
    });
    expect(Object.keys(rows[0]!.after!)).toEqual(['visibility']);
    expect(rows[1]).toMatchObject({
      before: { visibility: 'restricted', member_policy: 'closed' },
      after: { visibility: 'public', member_policy: 'open' },
    });
  });

  it('records nothing when no setting changed, or when the change is refused', async () => {
    const c = await createCommunity(owner, 'quiet-lab');
    // The description is not a setting the log keeps.
    const same = await owner.put(
      `/api/communities/${c.id}`,
      settings('quiet-lab', { metadata: { title: 'Community quiet-lab', description: 'New.' } }),
    );
    expect(same.status, same.body).toBe(200);
    const stranger = (await loggedIn(t, 'Sid Stranger')).client;
    const refused = await stranger.put(
      `/api/communities/${c.id}`,
      settings('quiet-lab', { access: { visibility: 'restricted' } }),
    );
    expect(refused.status).toBe(403);
    const invalid = await admin.put(
      `/api/communities/${c.id}`,
      settings('quiet-lab', { access: { visibility: 'secret' } }),
    );
    expect(invalid.status).toBe(400);
    expect(await communityEntries(c.id)).toEqual([]);
  });
});
