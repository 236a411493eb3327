import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, communityBody, createCommunity, loggedIn } from './communities.helpers.ts';

// Joining an open community, its pages and brand colour, and who may change or see them.
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  owner = (await loggedIn(t, 'Otto Owner')).client;
});
afterAll(() => t.close());

const roleOf = async (community: string, userId: number) =>
  (
    (await owner.get(`/api/communities/${community}/members`)).json.hits.hits as {
      id: string;
      role: string;
    }[]
  ).find((m) => m.id === String(userId))?.role;

describe('joining', () => {
  it('makes a signed-in user a reader of an open community, and they may leave', async () => {
    const c = await createCommunity(owner, 'join-open', { access: { member_policy: 'open' } });
    const pia = await loggedIn(t, 'Pia Passer');
    const before = await pia.client.get(`/api/communities/${c.id}`);
    expect(before.json.ui.permissions).toMatchObject({ can_join: true, can_leave: false });

    const joined = await pia.client.post(`/api/communities/${c.id}/join`);
    expect(joined.status, joined.body).toBe(201);
    expect(joined.json).toEqual({ role: 'reader' });
    expect(await roleOf(c.id, pia.user.id)).toBe('reader');
    const after = await pia.client.get(`/api/communities/${c.id}`);
    expect(after.json.ui).toMatchObject({
      role: 'reader',
      permissions: { can_join: false, can_leave: true },
    });
    // Joining again changes nothing.
    expect((await pia.client.post(`/api/communities/${c.id}/join`)).status).toBe(200);

    const left = await pia.client.delete(`/api/communities/${c.id}/members`, {
      body: { members: [{ type: 'user', id: String(pia.user.id) }] },
    });
    expect(left.status, left.body).toBe(204);
    expect(await roleOf(c.id, pia.user.id)).toBeUndefined();
  });

  it('keeps the role of a member who joins again', async () => {
    const c = await createCommunity(owner, 'join-keep', { access: { member_policy: 'open' } });
    const cur = await loggedIn(t, 'Cem Curator');
    await addMembers(owner, c.id, [cur.user.id], 'curator');
    const again = await cur.client.post(`/api/communities/${c.id}/join`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ role: 'curator' });
    expect(await roleOf(c.id, cur.user.id)).toBe('curator');
  });

  it('is refused by a closed community and to visitors, and hidden for restricted ones', async () => {
    const closed = await createCommunity(owner, 'join-closed');
    const ida = await loggedIn(t, 'Ida Insider');
    expect(
      (await ida.client.get(`/api/communities/${closed.id}`)).json.ui.permissions.can_join,
    ).toBe(false);
    const refused = await ida.client.post(`/api/communities/${closed.id}/join`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This community takes new members by invitation only.');
    expect(await roleOf(closed.id, ida.user.id)).toBeUndefined();

    const open = await createCommunity(owner, 'join-visitor', {
      access: { member_policy: 'open' },
    });
    expect((await t.client().post(`/api/communities/${open.id}/join`)).status).toBe(401);

    const restricted = await createCommunity(owner, 'join-restricted', {
      access: { member_policy: 'open', visibility: 'restricted' },
    });
    expect((await ida.client.post(`/api/communities/${restricted.id}/join`)).status).toBe(404);
  });

  it('gives one membership to ten parallel joins of one user', async () => {
    const c = await createCommunity(owner, 'join-race', { access: { member_policy: 'open' } });
    const racer = await loggedIn(t, 'Rex Racer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => racer.client.post(`/api/communities/${c.id}/join`)),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const members = (await owner.get(`/api/communities/${c.id}/members`)).json.hits.hits as {
      id: string;
    }[];
    expect(members.filter((m) => m.id === String(racer.user.id))).toHaveLength(1);
  });
});

describe('pages and theme', () => {
  it('keeps the About page and curation policy as sanitised rich text', async () => {
    const c = await createCommunity(owner, 'pages');
    const saved = await owner.put(
      `/api/communities/${c.id}`,
      communityBody('pages', {
        metadata: {
          title: 'Pages',
          page: '<p>We study <strong>soil</strong>.</p><script>alert(1)</script>',
          curation_policy:
            '<p onclick="steal()">Data must have a <a href="javascript:x()">licence</a>.</p><img src="x">',
        },
      }),
    );
    expect(saved.status, saved.body).toBe(200);
    const read = (await t.client().get(`/api/communities/${c.id}`)).json.metadata;
    expect(read.page).toBe('<p>We study <strong>soil</strong>.</p>');
    expect(read.curation_policy).toBe(
      '<p>Data must have a <a rel="noopener noreferrer nofollow">licence</a>.</p>',
    );
  });

  it('takes a brand colour as #rrggbb and names the field when it is not one', async () => {
    const c = await createCommunity(owner, 'brand');
    const body = (color: unknown) =>
      communityBody('brand', { theme: { enabled: true, style: { primaryColor: color } } });
    const saved = await owner.put(`/api/communities/${c.id}`, body('#1F6FEB'));
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.theme).toEqual({ enabled: true, style: { primaryColor: '#1f6feb' } });
    expect(saved.json.links.upload_html).toBe('http://arca.test/communities/brand/upload');

    for (const bad of ['red', '#12345', '#12345g', 'url(x)']) {
      const refused = await owner.put(`/api/communities/${c.id}`, body(bad));
      expect(refused.status, bad).toBe(400);
      expect(refused.json.errors).toEqual([
        {
          field: 'theme.style.primaryColor',
          messages: ['A colour is "#" and six hexadecimal digits, such as #1f6feb.'],
        },
      ]);
    }
    // An empty colour is the site's own.
    const cleared = await owner.put(`/api/communities/${c.id}`, body(''));
    expect(cleared.json.theme).toEqual({ enabled: true });
  });
});

describe('permissions', () => {
  it('lets a manager change their own community only', async () => {
    const mine = await createCommunity(owner, 'perm-mine');
    const other = await createCommunity(owner, 'perm-other');
    const mia = await loggedIn(t, 'Mia Manager');
    await addMembers(owner, mine.id, [mia.user.id], 'manager');
    await addMembers(owner, other.id, [mia.user.id], 'reader');
    const page = (slug: string) =>
      communityBody(slug, { metadata: { title: slug, curation_policy: '<p>Mine.</p>' } });
    expect((await mia.client.put(`/api/communities/${mine.id}`, page('perm-mine'))).status).toBe(
      200,
    );
    expect((await mia.client.put(`/api/communities/${other.id}`, page('perm-other'))).status).toBe(
      403,
    );
    const invite = (id: string) =>
      mia.client.post(`/api/communities/${id}/email-invitations`, {
        emails: ['someone@example.org'],
        role: 'reader',
      });
    expect((await invite(other.id)).status).toBe(403);
    expect((await mia.client.get(`/api/communities/${other.id}/email-invitations`)).status).toBe(
      403,
    );
  });

  it('hides restricted members: the list from outsiders, hidden memberships from readers', async () => {
    const c = await createCommunity(owner, 'perm-members', {
      access: { members_visibility: 'restricted', member_policy: 'open' },
    });
    const outsider = await loggedIn(t, 'Oda Outsider');
    expect((await outsider.client.get(`/api/communities/${c.id}/members`)).status).toBe(403);
    expect(
      (await outsider.client.get(`/api/communities/${c.id}`)).json.ui.permissions.can_read_members,
    ).toBe(false);
    // A reader sees the members, but not those who hid their membership.
    const shy = await loggedIn(t, 'Sam Shy');
    await addMembers(owner, c.id, [shy.user.id], 'curator');
    const hidden = await shy.client.put(`/api/communities/${c.id}/members`, {
      members: [{ type: 'user', id: String(shy.user.id) }],
      visible: false,
    });
    expect(hidden.status, hidden.body).toBe(204);
    expect((await outsider.client.post(`/api/communities/${c.id}/join`)).status).toBe(201);
    const seen = (await outsider.client.get(`/api/communities/${c.id}/members`)).json.hits.hits as {
      id: string;
    }[];
    expect(seen.map((m) => m.id)).toContain(String(outsider.user.id));
    expect(seen.map((m) => m.id)).not.toContain(String(shy.user.id));
  });
});
