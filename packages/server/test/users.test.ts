import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

let t: TestApp;
let browser: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  const viewer = await buildUser(t.services, { fullName: 'Viewer Person' });
  browser = t.client();
  await browser.login(viewer.email);
});
afterAll(() => t.close());

describe('user search for sharing', () => {
  it('finds only users with a public profile, and shows emails only when public', async () => {
    const open = await buildUser(t.services, {
      fullName: 'Zelda Openshaw',
      visibility: 'public',
      emailVisibility: 'public',
    });
    const quiet = await buildUser(t.services, { fullName: 'Zelda Quietly', visibility: 'public' });
    await buildUser(t.services, { fullName: 'Zelda Hidden', visibility: 'restricted' });

    const response = await browser.get('/api/users?q=zelda');
    expect(response.status).toBe(200);
    expect(response.json.hits.total).toBe(2);
    const names = response.json.hits.hits.map(
      (u: { profile: { full_name: string } }) => u.profile.full_name,
    );
    expect(names).toEqual(['Zelda Openshaw', 'Zelda Quietly']);
    const [first, second] = response.json.hits.hits;
    expect(first).toMatchObject({ id: String(open.id), email: open.email, is_current_user: false });
    expect(first.links.avatar).toBe(`http://arca.test/api/users/${open.id}/avatar.svg`);
    expect(second.id).toBe(String(quiet.id));
    expect(second.email).toBeUndefined();
    expect(second.preferences).toBeUndefined();
  });

  it('matches suggest on part of a name, and an email only when it is public', async () => {
    await buildUser(t.services, {
      fullName: 'Quentin Public',
      email: 'quentin@lab.example',
      visibility: 'public',
      emailVisibility: 'public',
    });
    await buildUser(t.services, {
      fullName: 'Rhea Private-Mail',
      email: 'rhea@lab.example',
      visibility: 'public',
    });
    const bySuggest = await browser.get('/api/users?suggest=quent');
    expect(bySuggest.json.hits.hits.map((u: { email?: string }) => u.email)).toEqual([
      'quentin@lab.example',
    ]);
    const byEmail = await browser.get('/api/users?q=lab.example');
    expect(byEmail.json.hits.total).toBe(1);
    expect(byEmail.json.hits.hits[0].email).toBe('quentin@lab.example');
  });

  it('paginates with links', async () => {
    for (let i = 0; i < 3; i++)
      await buildUser(t.services, { fullName: `Paged Person ${i}`, visibility: 'public' });
    const response = await browser.get('/api/users?q=paged&size=2&page=1');
    expect(response.json.hits.total).toBe(3);
    expect(response.json.hits.hits).toHaveLength(2);
    expect(response.json.links.next).toBe('http://arca.test/api/users?q=paged&page=2&size=2');
    expect(response.json.links.prev).toBeUndefined();
    const last = await browser.get('/api/users?q=paged&size=2&page=2');
    expect(last.json.hits.hits).toHaveLength(1);
    expect(last.json.links.next).toBeUndefined();
    expect(last.json.links.prev).toBe('http://arca.test/api/users?q=paged&page=1&size=2');
  });

  it('is for authenticated callers only', async () => {
    const response = await t.client().get('/api/users?q=zelda');
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ status: 403, message: 'Permission denied.' });
  });

  it('refuses a page beyond the result window', async () => {
    const response = await browser.get('/api/users?q=x&page=101&size=100');
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Invalid querystring parameters.');
  });

  it('hides a private profile when read directly, but not from its owner', async () => {
    const hidden = await buildUser(t.services, { fullName: 'Hidden Reader' });
    expect((await browser.get(`/api/users/${hidden.id}`)).status).toBe(403);
    const own = t.client();
    await own.login(hidden.email);
    const response = await own.get(`/api/users/${hidden.id}`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: hidden.email, is_current_user: true });
  });

  it('draws avatars without revealing private names', async () => {
    const shown = await buildUser(t.services, { fullName: 'Ivy Shown', visibility: 'public' });
    const hidden = await buildUser(t.services, { fullName: 'Xavier Hidden' });
    const avatar = await browser.get(`/api/users/${shown.id}/avatar.svg`);
    expect(avatar.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(avatar.body).toContain('>IS<');
    expect((await browser.get(`/api/users/${hidden.id}/avatar.svg`)).body).not.toContain('XH');
  });
});

describe('profile', () => {
  it('updates the own profile and validates the ORCID checksum', async () => {
    const user = await buildUser(t.services);
    const own = t.client();
    await own.login(user.email);
    const bad = await own.patch('/api/me', { identities: { orcid: '0000-0002-1825-0098' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      { field: 'identities.orcid', messages: ['Not a valid ORCID identifier.'] },
    ]);

    const good = await own.patch('/api/me', {
      username: 'jcarberry',
      profile: { full_name: 'Josiah Carberry', affiliations: 'Brown University' },
      identities: { orcid: 'https://orcid.org/0000-0002-1825-0097' },
      preferences: { visibility: 'public', email_visibility: 'restricted' },
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({
      username: 'jcarberry',
      profile: { full_name: 'Josiah Carberry', affiliations: 'Brown University' },
      identities: { orcid: '0000-0002-1825-0097' },
      preferences: { visibility: 'public', email_visibility: 'restricted' },
    });
  });

  it('cannot make itself an administrator', async () => {
    const user = await buildUser(t.services);
    const own = t.client();
    await own.login(user.email);
    const response = await own.patch('/api/me', { is_admin: true });
    expect(response.status).toBe(200);
    expect(response.json.is_admin).toBe(false);
  });

  it('refuses a username that is taken', async () => {
    await buildUser(t.services, { username: 'taken-name' });
    const user = await buildUser(t.services);
    const own = t.client();
    await own.login(user.email);
    const response = await own.patch('/api/me', { username: 'taken-name' });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { field: 'username', messages: ['This username is already taken.'] },
    ]);
  });
});

describe('administration', () => {
  let admin: TestClient;
  beforeAll(async () => {
    const user = await buildUser(t.services, { isAdmin: true });
    admin = t.client();
    await admin.login(user.email);
  });

  it('creates, lists, changes and deactivates accounts', async () => {
    const created = await admin.post('/api/admin/users', {
      email: 'managed@example.org',
      password: 'managed password',
      full_name: 'Managed Person',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      email: 'managed@example.org',
      active: true,
      is_admin: false,
    });

    const listed = await admin.get('/api/admin/users?q=managed');
    expect(listed.json.hits.total).toBe(1);

    const person = t.client();
    await person.login('managed@example.org', 'managed password');
    const deactivated = await admin.patch(`/api/admin/users/${created.json.id}`, { active: false });
    expect(deactivated.json.active).toBe(false);
    expect((await person.get('/api/me')).status).toBe(401);
  });

  it('manages groups and their members', async () => {
    const member = await buildUser(t.services);
    const created = await admin.post('/api/admin/groups', {
      name: 'soil-lab',
      title: 'Soil lab',
      description: 'Soil moisture people',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      id: 'soil-lab',
      name: 'soil-lab',
      title: 'Soil lab',
      provider: 'database',
    });
    expect((await admin.post('/api/admin/groups', { name: 'soil-lab' })).status).toBe(400);

    expect((await admin.put(`/api/admin/groups/soil-lab/members/${member.id}`)).status).toBe(204);
    const members = await admin.get('/api/admin/groups/soil-lab/members');
    expect(members.json.hits.hits.map((u: { id: string }) => u.id)).toEqual([String(member.id)]);
    expect(await t.services.groups.groupsOf(member.id)).toEqual(['soil-lab']);

    const found = await browser.get('/api/groups?q=soil');
    expect(found.status).toBe(200);
    expect(found.json.hits.hits[0]).toMatchObject({ id: 'soil-lab', title: 'Soil lab' });
    expect((await t.client().get('/api/groups?q=soil')).status).toBe(403);

    expect(
      (await admin.patch('/api/admin/groups/soil-lab', { title: 'Soil physics' })).json.title,
    ).toBe('Soil physics');
    expect((await admin.delete(`/api/admin/groups/soil-lab/members/${member.id}`)).status).toBe(
      204,
    );
    expect((await admin.delete('/api/admin/groups/soil-lab')).status).toBe(204);
    expect((await browser.get('/api/groups/soil-lab')).status).toBe(404);
  });

  it('is refused to everyone else', async () => {
    expect((await browser.get('/api/admin/users')).status).toBe(403);
    expect((await browser.post('/api/admin/groups', { name: 'mine' })).status).toBe(403);
    expect((await t.client().get('/api/admin/users')).status).toBe(403);
  });
});
