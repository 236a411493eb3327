// Deleting a community (invenio-communities `delete_community`): a soft deletion with a
// tombstone. Readers get 410, lists leave it out, its open requests are cancelled with it,
// nothing new reaches it, and a restore brings everything back as it was.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, communityEmailInvitations } from '../src/db/schema.ts';
import { buildUser, eventually, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, communityBody, createCommunity, loggedIn } from './communities.helpers.ts';
import {
  deleteCommunity,
  deleted,
  draftFor,
  inclusionAsked,
  reason,
  requestStatus,
  restore,
  submitReview,
  submittedTo,
} from './communities.deletion.helpers.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let admin: TestClient;
let uploader: TestClient;
let curator: TestClient;
let curatorId: number;
let uploaderId: number;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  [owner, ownerId] = [o.client, o.user.id];
  const u = await loggedIn(t, 'Uli Uploader');
  [uploader, uploaderId] = [u.client, u.user.id];
  const c = await loggedIn(t, 'Carol Curator');
  [curator, curatorId] = [c.client, c.user.id];
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
}, 180_000);
afterAll(() => t.close());

describe('a deleted community', () => {
  it('answers 410 with its tombstone, leaves the lists and keeps its slug', async () => {
    const c = await createCommunity(owner, 'gone-lab');
    const sets = async () => (await t.client().get('/oai2d?verb=ListSets')).body;
    expect(await sets()).toContain('<setSpec>community-gone-lab</setSpec>');
    await deleted(owner, c.id, reason('spam', { note: 'Not research.' }));
    // Its OAI set goes with it, as InvenioRDM's does.
    expect(await sets()).not.toContain('community-gone-lab');

    for (const path of ['gone-lab', c.id]) {
      const read = await t.client().get(`/api/communities/${path}`);
      expect(read.status, read.body).toBe(410);
      expect(read.json).toMatchObject({
        status: 410,
        message: 'Community deleted',
        tombstone: {
          removal_reason: { id: 'spam' },
          note: 'Not research.',
          removed_by: { user: String(ownerId) },
          is_visible: true,
        },
      });
      expect(Date.parse(read.json.tombstone.removal_date)).not.toBeNaN();
      // Not kept by browsers: a restore brings it back at the same address.
      expect(read.headers['cache-control']).toBe('no-cache');
    }
    for (const path of ['/members', '/logo', '/invitations']) {
      expect((await owner.get(`/api/communities/${c.id}${path}`)).status, path).toBe(410);
    }
    const search = await t.client().get('/api/communities?q=gone-lab');
    expect(search.json.hits.total).toBe(0);
    const mine = await owner.get('/api/user/communities');
    expect(mine.json.hits.hits.map((hit: { id: string }) => hit.id)).not.toContain(c.id);
    // The slug stays reserved: links to the old address never lead to another community.
    const again = await owner.post('/api/communities', communityBody('gone-lab'));
    expect(again.status).toBe(400);
    expect(fieldErrors(again).slug).toBeDefined();
    // Deleting it again: it is gone already.
    expect((await deleteCommunity(admin, c.id)).status).toBe(410);
  });

  it('shows a restricted or hidden tombstone to administrators alone', async () => {
    const closed = await createCommunity(owner, 'gone-closed', {
      access: { visibility: 'restricted' },
    });
    await deleted(owner, closed.id);
    expect((await t.client().get('/api/communities/gone-closed')).status).toBe(404);
    // Its former owner too: a deleted community's roles give nothing.
    expect((await owner.get('/api/communities/gone-closed')).status).toBe(404);
    expect((await admin.get('/api/communities/gone-closed')).status).toBe(410);

    const hidden = await createCommunity(owner, 'gone-hidden');
    await deleted(admin, hidden.id, reason('misconduct', { is_visible: false }));
    expect((await t.client().get('/api/communities/gone-hidden')).status).toBe(404);
    const seen = await admin.get('/api/communities/gone-hidden');
    expect(seen.status).toBe(410);
    expect(seen.json.tombstone).toMatchObject({ is_visible: false });
  });
});

describe('deleting a community with open requests', () => {
  it('cancels its submissions, inclusions and invitations in the same commit', async () => {
    const c = await createCommunity(owner, 'busy-lab', { access: { member_policy: 'open' } });
    const submission = await submittedTo(uploader, c.id, 'Submitted before the deletion');
    const record = (await publishRecord(uploader, publishable('Published elsewhere'))) as {
      id: string;
    };
    const inclusion = await inclusionAsked(uploader, record.id, c.id);
    const invited = await owner.post(`/api/communities/${c.id}/invitations`, {
      members: [{ type: 'user', id: String(curatorId) }],
      role: 'curator',
    });
    expect(invited.status, invited.body).toBe(201);
    const invitation = invited.json.hits.hits[0].id as string;
    const mailed = await owner.post(`/api/communities/${c.id}/email-invitations`, {
      emails: ['someone@example.org'],
      role: 'reader',
    });
    expect(mailed.status, mailed.body).toBe(201);

    await deleted(owner, c.id);

    expect(await requestStatus(uploader, submission.requestId)).toBe('cancelled');
    expect(await requestStatus(uploader, inclusion)).toBe('cancelled');
    expect(await requestStatus(curator, invitation)).toBe('cancelled');
    const [mail] = await t.db
      .select()
      .from(communityEmailInvitations)
      .where(eq(communityEmailInvitations.communityId, c.id));
    expect(mail?.status).toBe('cancelled');
    // The uploader's draft is theirs again, to submit elsewhere or publish.
    const draft = await uploader.get(`/api/records/${submission.draftId}/draft`);
    expect(draft.status).toBe(200);
    expect(draft.json.status).toBe('draft');
  });

  it('refuses new submissions, inclusions, invitations, joins and changes', async () => {
    const c = await createCommunity(owner, 'closing-lab', { access: { member_policy: 'open' } });
    const chosen = await draftFor(uploader, c.id, 'Chosen, not yet submitted');
    const record = (await publishRecord(uploader, publishable('Would be included'))) as {
      id: string;
    };
    await deleted(owner, c.id);

    const submit = await submitReview(uploader, chosen.draftId);
    expect(submit.status, submit.body).toBe(400);
    expect(fieldErrors(submit)['receiver.community']).toEqual(['Community deleted']);
    const fresh = (await createDraft(uploader, publishable('Another draft'))).json;
    const put = await uploader.put(`/api/records/${fresh.id}/draft/review`, {
      receiver: { community: c.id },
      type: 'community-submission',
    });
    expect(put.status).toBe(400);
    expect(fieldErrors(put)['receiver.community']).toBeDefined();
    const include = await uploader.post(`/api/records/${record.id}/communities`, {
      communities: [{ id: c.id }],
    });
    expect(include.status).toBe(400);
    expect(include.json.processed).toBeUndefined();

    const invite = await admin.post(`/api/communities/${c.id}/invitations`, {
      members: [{ type: 'user', id: String(curatorId) }],
      role: 'reader',
    });
    expect(invite.status).toBe(410);
    const mail = await admin.post(`/api/communities/${c.id}/email-invitations`, {
      emails: ['late@example.org'],
      role: 'reader',
    });
    expect(mail.status).toBe(410);
    expect((await curator.post(`/api/communities/${c.id}/join`)).status).toBe(410);
    const change = await admin.put(`/api/communities/${c.id}`, communityBody('closing-lab'));
    expect(change.status).toBe(410);
  });
});

describe('the records of a deleted community', () => {
  it('keep it in their parent, unshown; its roles give nothing until it is restored', async () => {
    const vault = await createCommunity(owner, 'vault', { access: { visibility: 'restricted' } });
    await addMembers(owner, vault.id, [curatorId], 'curator');
    await addMembers(owner, vault.id, [uploaderId], 'reader');
    const { draftId, requestId } = await submittedTo(uploader, vault.id, 'Kept in the vault');
    const accepted = await curator.post(`/api/requests/${requestId}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    // Restricted record: its community's curators see it through their role.
    expect((await curator.get(`/api/records/${draftId}`)).status).toBe(200);

    await deleted(admin, vault.id);
    expect((await curator.get(`/api/records/${draftId}`)).status).toBe(403);
    const kept = await uploader.get(`/api/records/${draftId}`);
    expect(kept.status).toBe(200);
    expect(kept.json.parent.communities.ids).toEqual([vault.id]);
    expect(kept.json.parent.communities.entries ?? []).toEqual([]);

    const restored = await restore(admin, vault.id);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json.deletion_status).toEqual({ is_deleted: false, status: 'P' });
    expect((await curator.get(`/api/records/${draftId}`)).status).toBe(200);
    const back = await uploader.get(`/api/records/${draftId}`);
    expect(back.json.parent.communities.entries.map((e: { id: string }) => e.id)).toEqual([
      vault.id,
    ]);
    expect((await owner.get('/api/communities/vault')).status).toBe(200);
  });
});

describe("members' cached sessions", () => {
  it('learn of a deletion made behind the services from its announcement', async () => {
    const vault = await createCommunity(owner, 'sql-vault', {
      access: { visibility: 'restricted' },
    });
    await addMembers(owner, vault.id, [curatorId], 'curator');
    await addMembers(owner, vault.id, [uploaderId], 'reader');
    const { draftId, requestId } = await submittedTo(uploader, vault.id, 'Seen through a role');
    expect((await curator.post(`/api/requests/${requestId}/actions/accept`)).status).toBe(200);
    // A restricted record its curator reads through the role alone.
    const seen = async () => (await curator.get(`/api/records/${draftId}`)).status;
    expect(await seen()).toBe(200);
    const setStatus = (status: 'P' | 'D') =>
      t.db.update(communities).set({ deletionStatus: status }).where(eq(communities.id, vault.id));

    // Proof that the roles come from the cache: unannounced, the deletion goes unseen.
    await t.db.execute(sql`ALTER TABLE communities DISABLE TRIGGER communities_notify_deletion`);
    try {
      await setStatus('D');
      expect(await seen()).toBe(200);
      await setStatus('P');
    } finally {
      await t.db.execute(sql`ALTER TABLE communities ENABLE TRIGGER communities_notify_deletion`);
    }
    await setStatus('D');
    await eventually(async () => (await seen()) === 403);
  });
});
