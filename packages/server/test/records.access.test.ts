import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let stranger: TestClient;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  ownerId = o.id;
  owner = t.client();
  await owner.login(o.email);
  const s = await buildUser(t.services, { fullName: 'Sam Stranger' });
  stranger = t.client();
  await stranger.login(s.email);
});
afterAll(() => t.close());

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });

async function loggedIn(fullName: string) {
  const user = await buildUser(t.services, { fullName });
  const client = t.client();
  await client.login(user.email);
  return { user, client };
}

describe('restricted records', () => {
  it('are hidden from anonymous and stranger reads and searches, and shown to the owner', async () => {
    const record = await publishRecord(owner, restricted('Confidential soil cores'));
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(403);
    expect((await stranger.get(`/api/records/${record.id}`)).status).toBe(403);
    expect((await owner.get(`/api/records/${record.id}`)).status).toBe(200);

    const query = '/api/records?q=confidential';
    expect((await t.client().get(query)).json.hits.total).toBe(0);
    expect((await stranger.get(query)).json.hits.total).toBe(0);
    expect((await owner.get(query)).json.hits.total).toBe(1);
    // The versions list and the latest redirect follow the same rule.
    expect((await t.client().get(`/api/records/${record.id}/versions`)).status).toBe(403);
    expect((await t.client().get(`/api/records/${record.parent.id}`)).status).toBe(404);
  });

  it('hide grants and links from those who cannot manage', async () => {
    const record = await publishRecord(owner, publishable('Public with sharing'));
    expect(record.parent.access.grants).toEqual([]);
    const anonymous = await t.client().get(`/api/records/${record.id}`);
    expect(anonymous.json.parent.access.grants).toBeUndefined();
    expect(anonymous.json.parent.access.links).toBeUndefined();
    expect(anonymous.json.versions.is_latest_draft).toBeUndefined();
  });
});

describe('grants', () => {
  it('give each level its rights, to users and to group members', async () => {
    const draft = (await createDraft(owner, restricted('Shared draft'))).json;
    const levels = ['view', 'preview', 'edit', 'manage'] as const;
    const people = Object.fromEntries(
      await Promise.all(
        levels.map(async (level) => [level, await loggedIn(`Grantee ${level}`)] as const),
      ),
    );
    for (const level of levels) {
      await t.services.access.addGrant({
        parentId: draft.parent.id,
        subjectType: 'user',
        subjectId: String(people[level]!.user.id),
        permission: level,
      });
    }
    const status = async (client: TestClient, method: 'GET' | 'PUT', path: string) =>
      (
        await client.request(
          method,
          path,
          method === 'PUT' ? { body: restricted('Shared draft') } : {},
        )
      ).status;
    const draftPath = `/api/records/${draft.id}/draft`;

    expect(await status(people.view!.client, 'GET', draftPath)).toBe(403);
    expect(await status(people.preview!.client, 'GET', draftPath)).toBe(200);
    expect(await status(people.preview!.client, 'PUT', draftPath)).toBe(403);
    expect(await status(people.edit!.client, 'PUT', draftPath)).toBe(200);
    expect(await status(people.manage!.client, 'PUT', draftPath)).toBe(200);
    const asEditor = await people.edit!.client.get(draftPath);
    expect(asEditor.json.parent.access.grants).toBeUndefined();
    const asManager = await people.manage!.client.get(draftPath);
    expect(asManager.json.parent.access.grants).toHaveLength(4);

    const published = await owner.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(published.status).toBe(202);
    expect(await status(people.view!.client, 'GET', `/api/records/${draft.id}`)).toBe(200);
    expect(await status(stranger, 'GET', `/api/records/${draft.id}`)).toBe(403);
    expect((await people.view!.client.get('/api/records?q=shared')).json.hits.total).toBe(1);
    // Grants live on the parent: they apply to the next version too.
    const next = (await owner.post(`/api/records/${draft.id}/versions`)).json;
    expect(await status(people.edit!.client, 'GET', `/api/records/${next.id}/draft`)).toBe(200);
    expect(await status(people.view!.client, 'GET', `/api/records/${next.id}/draft`)).toBe(403);
  });

  it('to a group apply to its members only', async () => {
    const record = await publishRecord(owner, restricted('Group shared'));
    const member = await loggedIn('Group Member');
    const outsider = await loggedIn('Not A Member');
    await t.services.groups.create({ name: 'soil-team' });
    await t.services.groups.addMember('soil-team', member.user.id);
    await t.services.access.addGrant({
      parentId: record.parent.id,
      subjectType: 'role',
      subjectId: 'soil-team',
      permission: 'view',
    });
    expect((await member.client.get(`/api/records/${record.id}`)).status).toBe(200);
    expect((await outsider.client.get(`/api/records/${record.id}`)).status).toBe(403);
    const mine = await member.client.get('/api/user/records?shared_with_me=true');
    expect(mine.json.hits.hits.map((h: { id: string }) => h.id)).toContain(record.id);
  });
});

describe('secret links', () => {
  it('open a draft preview with ?token=, remembered for the next requests', async () => {
    const draft = (await createDraft(owner, restricted('Preview me'))).json;
    const link = await t.services.access.createLink({
      parentId: draft.parent.id,
      permission: 'preview',
    });
    const guest = t.client();
    expect((await guest.get(`/api/records/${draft.id}/draft`)).status).toBe(403);
    const opened = await guest.get(
      `/api/records/${draft.id}/draft?token=${encodeURIComponent(link.token)}`,
    );
    expect(opened.status).toBe(200);
    expect(opened.json.metadata.title).toBe('Preview me');
    expect((await guest.get(`/api/records/${draft.id}/draft`)).status).toBe(200);
    // Preview does not allow saving.
    expect(
      (
        await guest.put(
          `/api/records/${draft.id}/draft?token=${encodeURIComponent(link.token)}`,
          publishable(),
        )
      ).status,
    ).toBe(403);

    await t.services.access.deleteLink(link.id);
    expect((await guest.get(`/api/records/${draft.id}/draft`)).status).toBe(403);
    expect(guest.cookies.has('links')).toBe(false);
  });

  it('with edit permission let the holder save the draft', async () => {
    const draft = (await createDraft(owner, restricted('Edit me'))).json;
    const link = await t.services.access.createLink({
      parentId: draft.parent.id,
      permission: 'edit',
    });
    const editor = t.client();
    const saved = await editor.put(
      `/api/records/${draft.id}/draft?token=${encodeURIComponent(link.token)}`,
      restricted('Edited through a link'),
    );
    expect(saved.status).toBe(200);
    expect((await owner.get(`/api/records/${draft.id}/draft`)).json.metadata.title).toBe(
      'Edited through a link',
    );
  });

  it('with view permission open a restricted record and its search hit', async () => {
    const record = await publishRecord(owner, restricted('Viewable by link'));
    const link = await t.services.access.createLink({
      parentId: record.parent.id,
      permission: 'view',
    });
    const guest = t.client();
    const token = encodeURIComponent(link.token);
    expect((await guest.get(`/api/records/${record.id}?token=${token}`)).status).toBe(200);
    expect((await guest.get('/api/records?q=viewable')).json.hits.total).toBe(1);
    expect((await guest.get(`/api/records/${record.id}/draft`)).status).toBe(404);
  });

  it('grant nothing once expired, or when forged', async () => {
    const record = await publishRecord(owner, restricted('Expired link'));
    const expired = await t.services.access.createLink({
      parentId: record.parent.id,
      permission: 'view',
      expiresAt: '2001-01-01',
    });
    expect(
      (await t.client().get(`/api/records/${record.id}?token=${encodeURIComponent(expired.token)}`))
        .status,
    ).toBe(403);
    const valid = await t.services.access.createLink({
      parentId: record.parent.id,
      permission: 'view',
    });
    const forged = `${valid.id}.${'A'.repeat(43)}`;
    expect(
      (await t.client().get(`/api/records/${record.id}?token=${encodeURIComponent(forged)}`))
        .status,
    ).toBe(403);
    const otherRecord = await publishRecord(owner, restricted('Other record'));
    expect(
      (
        await t
          .client()
          .get(`/api/records/${otherRecord.id}?token=${encodeURIComponent(valid.token)}`)
      ).status,
    ).toBe(403);
  });
});

describe('draft permissions', () => {
  it('refuse strangers and anonymous callers, and admins pass', async () => {
    const draft = (await createDraft(owner)).json;
    const path = `/api/records/${draft.id}/draft`;
    expect((await t.client().get(path)).status).toBe(403);
    expect((await stranger.get(path)).status).toBe(403);
    expect((await stranger.put(path, publishable())).status).toBe(403);
    expect((await stranger.delete(path)).status).toBe(403);
    expect((await stranger.post(`${path}/actions/publish`)).status).toBe(403);
    expect((await stranger.post(`${path}/pids/doi`)).status).toBe(403);
    expect((await t.client().post('/api/records', publishable())).status).toBe(403);
    const admin = await buildUser(t.services, { isAdmin: true });
    const adminClient = t.client();
    await adminClient.login(admin.email);
    expect((await adminClient.get(path)).status).toBe(200);
    expect((await owner.get(path)).json.parent.access.owned_by.user).toBe(String(ownerId));
  });

  it('list my uploads: drafts and records, mine or shared, never to anonymous callers', async () => {
    const { client } = await loggedIn('Uploads Person');
    const draft = (await createDraft(client, publishable('My unpublished draft'))).json;
    const record = await publishRecord(client, publishable('My published record'));
    await client.post(`/api/records/${record.id}/draft`);
    const other = await publishRecord(client, publishable('Another published record'));

    const mine = await client.get('/api/user/records');
    expect(mine.status).toBe(200);
    expect(mine.json.hits.total).toBe(3);
    const byId = Object.fromEntries(
      mine.json.hits.hits.map((h: { id: string; is_draft: boolean }) => [h.id, h.is_draft]),
    );
    expect(byId).toEqual({ [draft.id]: true, [record.id]: true, [other.id]: false });
    expect(mine.json.aggregations.is_published.buckets).toEqual([
      { key: 'true', doc_count: 2, is_selected: false },
      { key: 'false', doc_count: 1, is_selected: false },
    ]);
    const unpublished = await client.get('/api/user/records?is_published=false');
    expect(unpublished.json.hits.hits.map((h: { id: string }) => h.id)).toEqual([draft.id]);
    expect((await client.get('/api/user/records?q=another')).json.hits.total).toBe(1);
    expect((await t.client().get('/api/user/records')).status).toBe(403);
  });
});

describe('abilities of an edit draft', () => {
  const ui = { accept: 'application/vnd.inveniordm.v1+json' };
  it('offer file changes and DOI discard only until the record is published', async () => {
    const draft = (await createDraft(owner, publishable('Abilities before publishing'))).json;
    const before = await owner.get(`/api/records/${draft.id}/draft`, { headers: ui });
    expect(before.json.ui.permissions).toMatchObject({
      can_update_files: true,
      can_discard_pids: true,
    });
    const record = await publishRecord(owner, publishable('Abilities after publishing'));
    const edit = await owner.post(`/api/records/${record.id}/draft`, undefined, { headers: ui });
    expect(edit.status).toBe(201);
    expect(edit.json.ui.permissions).toMatchObject({
      can_update_draft: true,
      can_update_files: false,
      can_discard_pids: false,
    });
  });
});
