import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, communityBody, createCommunity, loggedIn } from './communities.helpers.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp();
  const o = await loggedIn(t, 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
});
afterAll(() => t.close());

// The smallest valid PNG: a 1×1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('creating and reading communities', () => {
  it('creates a community whose creator is its owner, readable by id and by slug', async () => {
    const created = await createCommunity(owner, 'soil-lab', {
      access: { visibility: 'public', record_submission_policy: 'closed', review_policy: 'open' },
      theme: { enabled: true },
    });
    expect(created).toMatchObject({
      slug: 'soil-lab',
      metadata: { title: 'Community soil-lab', description: 'About soil-lab.' },
      access: { visibility: 'public', record_submission_policy: 'closed', review_policy: 'open' },
      theme: { enabled: true },
      links: {
        self: `http://arca.test/api/communities/${created.id}`,
        logo: `http://arca.test/api/communities/${created.id}/logo`,
        upload_html: 'http://arca.test/communities/soil-lab/upload',
      },
      ui: { role: 'owner', permissions: { can_submit_record: true, can_include_directly: true } },
    });
    const bySlug = await t.client().get('/api/communities/soil-lab');
    expect(bySlug.status).toBe(200);
    expect(bySlug.json.id).toBe(created.id);
    // Anonymous readers may not submit; the community is for members only.
    expect(bySlug.json.ui.permissions).toMatchObject({
      can_submit_record: false,
      can_include_directly: false,
    });
    const members = await owner.get(`/api/communities/${created.id}/members`);
    expect(members.json.hits.hits).toMatchObject([{ role: 'owner', id: String(ownerId) }]);
  });

  it('refuses anonymous creation, taken slugs and invalid fields, naming the field', async () => {
    expect((await t.client().post('/api/communities', communityBody('anon'))).status).toBe(403);
    await createCommunity(owner, 'taken');
    const again = await owner.post('/api/communities', communityBody('taken'));
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([
      { field: 'slug', messages: ['A community with this identifier already exists.'] },
    ]);
    const bad = await owner.post('/api/communities', {
      slug: 'Bad Slug',
      metadata: { title: '' },
      access: { visibility: 'secret' },
    });
    expect(bad.status).toBe(400);
    const fields = (bad.json.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['access.visibility', 'metadata.title', 'slug']);
    const site = await owner.post('/api/communities', {
      slug: 'bad-site',
      metadata: { title: 'Bad site', website: 'javascript:alert(1)' },
    });
    expect(site.status).toBe(400);
    expect(site.json.errors).toEqual([
      { field: 'metadata.website', messages: ['Link must be a valid URL'] },
    ]);
  });

  it('keeps a web site, and drops it when it is emptied', async () => {
    const body = (website: string) =>
      communityBody('with-site', { metadata: { title: 'With a site', website } });
    const created = (await owner.post('/api/communities', body(' https://lab.example.org/ ')))
      .json as { id: string; metadata: Record<string, string> };
    expect(created.metadata.website).toBe('https://lab.example.org/');
    const emptied = await owner.put(`/api/communities/${created.id}`, body(''));
    expect(emptied.status).toBe(200);
    expect(emptied.json.metadata).not.toHaveProperty('website');
  });

  it('lets only administrators create when the configuration says so', async () => {
    const closed = await startTestApp({ env: { ARCA_COMMUNITY_CREATION: 'admins' } });
    try {
      const user = await loggedIn(closed, 'Uma User');
      const refused = await user.client.post('/api/communities', communityBody('nope'));
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe('Only administrators may create communities on this site.');
      const admin = await buildUser(closed.services, { isAdmin: true });
      const adminClient = closed.client();
      await adminClient.login(admin.email);
      await createCommunity(adminClient, 'by-admin');
    } finally {
      await closed.close();
    }
  });

  it('updates for owners and managers only', async () => {
    const c = await createCommunity(owner, 'updatable');
    const manager = await loggedIn(t, 'Max Manager');
    const curator = await loggedIn(t, 'Cora Curator');
    await addMembers(owner, c.id, [manager.user.id], 'manager');
    await addMembers(owner, c.id, [curator.user.id], 'curator');
    const body = communityBody('updatable', { metadata: { title: 'Renamed' } });
    expect((await curator.client.put(`/api/communities/${c.id}`, body)).status).toBe(403);
    const updated = await manager.client.put(`/api/communities/${c.id}`, body);
    expect(updated.status).toBe(200);
    expect(updated.json.metadata.title).toBe('Renamed');
    expect(updated.json.revision_id).toBe(2);
  });
});

describe('visibility and search', () => {
  it('hides restricted communities from non-members, in reads and in both lists', async () => {
    const hidden = await createCommunity(owner, 'hidden-circle', {
      metadata: { title: 'Hidden circle' },
      access: { visibility: 'restricted' },
    });
    const reader = await loggedIn(t, 'Rita Reader');
    const stranger = await loggedIn(t, 'Stan Stranger');
    await addMembers(owner, hidden.id, [reader.user.id], 'reader');

    expect((await t.client().get(`/api/communities/${hidden.id}`)).status).toBe(404);
    expect((await stranger.client.get('/api/communities/hidden-circle')).status).toBe(404);
    expect((await reader.client.get('/api/communities/hidden-circle')).status).toBe(200);

    const q = '/api/communities?q=hidden';
    expect((await t.client().get(q)).json.hits.total).toBe(0);
    expect((await stranger.client.get(q)).json.hits.total).toBe(0);
    expect((await reader.client.get(q)).json.hits.hits[0]).toMatchObject({
      slug: 'hidden-circle',
      ui: { role: 'reader' },
    });
    const mine = await reader.client.get('/api/user/communities?size=5&page=1&sort=bestmatch');
    expect(mine.json.hits.hits.map((c: { slug: string }) => c.slug)).toEqual(['hidden-circle']);
    expect((await t.client().get('/api/user/communities')).status).toBe(403);
  });

  it('sorts by best match, newest and oldest and pages through results', async () => {
    for (const slug of ['alpha-glaciers', 'beta-glaciers', 'gamma-glaciers'])
      await createCommunity(owner, slug, { metadata: { title: slug.replace('-', ' ') } });
    const newest = await t.client().get('/api/communities?q=glaciers&sort=newest&size=2');
    expect(newest.json.hits.total).toBe(3);
    expect(newest.json.hits.hits.map((c: { slug: string }) => c.slug)).toEqual([
      'gamma-glaciers',
      'beta-glaciers',
    ]);
    expect(newest.json.links.next).toContain('page=2');
    const oldest = await t.client().get('/api/communities?q=glaciers&sort=oldest&size=5');
    expect(oldest.json.hits.hits[0].slug).toBe('alpha-glaciers');
    const best = await t.client().get('/api/communities?q=beta&sort=bestmatch');
    expect(best.json.hits.hits[0].slug).toBe('beta-glaciers');
    expect((await t.client().get('/api/communities?sort=loudest')).status).toBe(400);
  });
});

describe('members', () => {
  it('are added, changed and removed by managers; owners stay in control of owners', async () => {
    const c = await createCommunity(owner, 'membership');
    const manager = await loggedIn(t, 'Mia Manager');
    const other = await loggedIn(t, 'Otto Other');
    await addMembers(owner, c.id, [manager.user.id], 'manager');

    await addMembers(manager.client, c.id, [other.user.id], 'reader');
    const change = await manager.client.put(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(other.user.id) }],
      role: 'curator',
    });
    expect(change.status).toBe(204);
    const list = await owner.get(`/api/communities/${c.id}/members`);
    const roles = Object.fromEntries(
      (list.json.hits.hits as { id: string; role: string }[]).map((m) => [m.id, m.role]),
    );
    expect(roles[String(other.user.id)]).toBe('curator');

    // A manager cannot make owners nor touch the owner.
    const promote = await manager.client.post(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(other.user.id) }],
      role: 'owner',
    });
    expect(promote.status).toBe(403);
    const removeOwner = await manager.client.delete(`/api/communities/${c.id}/members`, {
      body: { members: [{ type: 'user', id: String(ownerId) }] },
    });
    expect(removeOwner.status).toBe(403);
    // A curator cannot manage members.
    const byCurator = await other.client.post(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(manager.user.id) }],
      role: 'reader',
    });
    expect(byCurator.status).toBe(403);

    const remove = await manager.client.delete(`/api/communities/${c.id}/members`, {
      body: { members: [{ type: 'user', id: String(other.user.id) }] },
    });
    expect(remove.status).toBe(204);
    expect((await owner.get(`/api/communities/${c.id}/members`)).json.hits.total).toBe(2);

    // The last owner can neither leave nor be demoted.
    const demote = await owner.put(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(ownerId) }],
      role: 'reader',
    });
    expect(demote.status).toBe(400);
    expect(demote.json.message).toBe('A community must keep at least one owner.');
    const unknown = await owner.post(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: '999999' }],
      role: 'reader',
    });
    expect(unknown.status).toBe(400);
    const badRole = await owner.post(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(other.user.id) }],
      role: 'emperor',
    });
    expect(badRole.status).toBe(400);
    expect(badRole.json.errors[0].field).toBe('role');
  });
});

describe('logos', () => {
  it('are uploaded by those who may update, served at links.logo, and checked', async () => {
    const c = await createCommunity(owner, 'with-logo');
    const logoUrl = `/api/communities/${c.id}/logo`;
    expect((await t.client().get(logoUrl)).status).toBe(404);
    const stranger = await loggedIn(t, 'Lou Stranger');
    const send = (client: TestClient, payload: Buffer, type = 'image/png') =>
      client.request('PUT', logoUrl, {
        payload: payload as unknown as string,
        headers: { 'content-type': type },
      });
    expect((await send(stranger.client, PNG)).status).toBe(403);
    const stored = await send(owner, PNG);
    expect(stored.status, stored.body).toBe(200);
    expect(stored.json.ui.has_logo).toBe(true);
    const served = await t.client().get(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.from(served.body, 'latin1').length).toBeGreaterThan(0);

    // Text pretending to be an image, and oversized images, are refused.
    const fake = await send(owner, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/svg+xml');
    expect(fake.status).toBe(400);
    expect(fake.json.message).toBe('The logo must be a PNG, JPEG, GIF or WebP image.');
    const huge = await send(owner, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect((await owner.delete(logoUrl)).status).toBe(204);
    expect((await t.client().get(logoUrl)).status).toBe(404);
  });
});
