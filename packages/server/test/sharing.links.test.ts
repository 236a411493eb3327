import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretLinks } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let stranger: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await buildUser(t.services, { fullName: 'Olivia Owner' });
  owner = t.client();
  await owner.login(o.email);
  const s = await buildUser(t.services, { fullName: 'Sam Stranger' });
  stranger = t.client();
  await stranger.login(s.email);
});
afterAll(() => t.close());

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('secret links', () => {
  it('are created, listed, read, changed and deleted by the owner', async () => {
    const record = await publishRecord(owner, restricted('Linked soil data'));
    const base = `/api/records/${record.id}/access/links`;

    const created = await owner.post(base, {
      permission: 'preview',
      expires_at: day(30),
      description: 'For the reviewers',
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({
      permission: 'preview',
      expires_at: day(30),
      description: 'For the reviewers',
      origin: null,
    });
    expect(created.json.id).toMatch(/^[0-9a-f-]{36}$/);
    // The token is the id and an HMAC-SHA256 of it: 256 bits nobody can compute without the key.
    expect(created.json.token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(created.json.created_at).toMatch(/\+00:00$/);

    const list = await owner.get(base);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ hits: { hits: [created.json], total: 1 } });
    expect((await owner.get(`${base}/${created.json.id}`)).json).toEqual(created.json);

    const changed = await owner.patch(`${base}/${created.json.id}`, {
      permission: 'edit',
      description: 'Editors',
      expires_at: day(10),
    });
    expect(changed.status, changed.body).toBe(200);
    expect(changed.json).toMatchObject({
      permission: 'edit',
      description: 'Editors',
      expires_at: day(10),
    });
    expect(changed.json.token).toBe(created.json.token);

    // Links show in the record for those who manage it; their usage only in the links API.
    const read = await owner.get(`/api/records/${record.id}`);
    const { usage, ...embedded } = changed.json;
    expect(usage).toEqual({ uses: 0, downloads: 0, visitors: 0, last_used_at: null });
    expect(read.json.parent.access.links).toEqual([embedded]);

    const put = await owner.put(`${base}/${created.json.id}`, { permission: 'view' });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, PATCH, DELETE');
    expect((await owner.delete(`${base}/${created.json.id}`)).status).toBe(204);
    expect((await owner.get(`${base}/${created.json.id}`)).status).toBe(404);
    expect((await owner.get(`${base}/${created.json.id}`)).json.message).toBe(
      'No secret link found with the given ID.',
    );
    expect((await owner.delete(`${base}/${created.json.id}`)).status).toBe(404);
    expect((await owner.get(`${base}/not-a-uuid`)).status).toBe(404);
  });

  it('work on the draft id too, and never expire without an expiry date', async () => {
    const draft = (await createDraft(owner, restricted('Draft with a link'))).json;
    const base = `/api/records/${draft.id}/access/links`;
    const created = await owner.post(base, { permission: 'preview', expires_at: '' });
    expect(created.status, created.body).toBe(201);
    expect(created.json.expires_at).toBeNull();
    expect(created.json.description).toBe('');
    expect((await owner.post(base, { permission: 'edit', expires_at: null })).status).toBe(201);
    expect((await owner.get(base)).json.hits.total).toBe(2);
  });

  it('refuse bad input with a message on the field', async () => {
    const draft = (await createDraft(owner, restricted('Draft for bad links'))).json;
    const base = `/api/records/${draft.id}/access/links`;
    const cases: [unknown, string, string][] = [
      [{}, 'permission', 'An access permission level is required'],
      [{ permission: 'own' }, 'permission', 'Invalid access permission level.'],
      [
        { permission: 'edit', expires_at: '2030-02-30' },
        'expires_at',
        'Expiration date must be a date in the format YYYY-MM-DD.',
      ],
      [
        { permission: 'edit', expires_at: day(-1) },
        'expires_at',
        'Expiration date must be set to the future',
      ],
      [
        { permission: 'edit', description: 'x'.repeat(256) },
        'description',
        'Must be at most 255 characters long.',
      ],
      // SPEC §5: the view option is not offered for drafts; the server refuses it too.
      [
        { permission: 'view' },
        'permission',
        'A view link needs a published version: this record has not been published yet.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await owner.post(base, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(fieldErrors(response)[field], JSON.stringify(body)).toEqual([message]);
    }
    expect((await owner.get(base)).json.hits.total).toBe(0);
  });

  it('can be shortened but never postponed', async () => {
    const record = await publishRecord(owner, restricted('Expiring links'));
    const base = `/api/records/${record.id}/access/links`;
    const link = (await owner.post(base, { permission: 'view', expires_at: day(20) })).json;
    const url = `${base}/${link.id}`;
    for (const expires_at of [day(21), null, '']) {
      const response = await owner.patch(url, { expires_at });
      expect(response.status, String(expires_at)).toBe(400);
      expect(fieldErrors(response).expires_at).toEqual(['Cannot postpone expiration of links']);
    }
    expect((await owner.patch(url, { expires_at: day(5) })).json.expires_at).toBe(day(5));
    expect((await owner.patch(url, { expires_at: day(-2) })).status).toBe(400);
    // A link without expiry may get one.
    const forever = (await owner.post(base, { permission: 'view' })).json;
    expect(
      (await owner.patch(`${base}/${forever.id}`, { expires_at: day(3) })).json.expires_at,
    ).toBe(day(3));
    // An empty change changes nothing.
    expect((await owner.patch(url, {})).json).toMatchObject({
      expires_at: day(5),
      permission: 'view',
    });
  });

  it('are managed only by those who manage the record', async () => {
    const record = await publishRecord(owner, restricted('Private links'));
    const base = `/api/records/${record.id}/access/links`;
    const link = (await owner.post(base, { permission: 'view' })).json;
    for (const client of [stranger, t.client()]) {
      expect((await client.get(base)).status).toBe(403);
      expect((await client.post(base, { permission: 'view' })).status).toBe(403);
      expect((await client.patch(`${base}/${link.id}`, { permission: 'edit' })).status).toBe(403);
      expect((await client.delete(`${base}/${link.id}`)).status).toBe(403);
    }
    expect((await stranger.get('/api/records/nope0-nope0/access/links')).status).toBe(404);
    // A link of one record is not reachable through another.
    const other = await publishRecord(owner, restricted('Other record'));
    expect((await owner.get(`/api/records/${other.id}/access/links/${link.id}`)).status).toBe(404);
  });

  it('revoke access at once when deleted, and grant nothing once expired', async () => {
    const record = await publishRecord(owner, restricted('Revocable'));
    const base = `/api/records/${record.id}/access/links`;
    const link = (await owner.post(base, { permission: 'view' })).json;
    const guest = t.client();
    expect((await guest.get(`/api/records/${record.id}?token=${link.token}`)).status).toBe(200);
    expect((await guest.get(`/api/records/${record.id}`)).status).toBe(200);
    await owner.delete(`${base}/${link.id}`);
    expect((await guest.get(`/api/records/${record.id}`)).status).toBe(403);
    expect((await t.client().get(`/api/records/${record.id}?token=${link.token}`)).status).toBe(
      403,
    );

    const expiring = (await owner.post(base, { permission: 'view', expires_at: day(0) })).json;
    const holder = t.client();
    expect((await holder.get(`/api/records/${record.id}?token=${expiring.token}`)).status).toBe(
      200,
    );
    await t.db
      .update(secretLinks)
      .set({ expiresAt: day(-1) })
      .where(eq(secretLinks.id, expiring.id));
    expect((await holder.get(`/api/records/${record.id}`)).status).toBe(403);
    expect(holder.cookies.has('links')).toBe(false);
  });
});

describe('tokens on page URLs', () => {
  it('are remembered for the API calls the page makes', async () => {
    const webDist = path.join(tmpdir(), `arca-web-${Date.now()}`);
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Arca</title>');
    const app = await startTestApp({ env: { ARCA_WEB_DIST: webDist }, vocabularies: true });
    try {
      const user = await buildUser(app.services);
      const author = app.client();
      await author.login(user.email);
      const record = await publishRecord(author, restricted('Page token record'));
      const link = (
        await author.post(`/api/records/${record.id}/access/links`, { permission: 'view' })
      ).json;
      const browser = app.client();
      const page = await browser.get(`/records/${record.id}?token=${link.token}`);
      expect(page.status).toBe(200);
      // The token opened the restricted record: its page head names it.
      expect(page.body).toContain('<title>Page token record | Arca</title>');
      expect(browser.cookies.get('links')).toContain(link.id);
      expect((await browser.get(`/api/records/${record.id}`)).status).toBe(200);
      // A forged token on a page sets nothing.
      const forger = app.client();
      await forger.get(`/records/${record.id}?token=${link.id}.forged`);
      expect(forger.cookies.has('links')).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('access settings', () => {
  it('are stored on the parent and returned with the record', async () => {
    const record = await publishRecord(owner, restricted('Settings record'));
    expect(record.parent.access.settings).toEqual({
      allow_user_requests: false,
      allow_guest_requests: false,
      accept_conditions_text: null,
      secret_link_expiration: 0,
    });
    const response = await owner.put(`/api/records/${record.id}/access`, {
      allow_user_requests: true,
      allow_guest_requests: true,
      accept_conditions_text:
        '<p>Cite us.<script>alert(1)</script><a href="javascript:x()">x</a></p>',
      secret_link_expiration: '30',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json.id).toBe(record.id);
    expect(response.json.is_published).toBe(true);
    expect(response.json.parent.access.settings).toEqual({
      allow_user_requests: true,
      allow_guest_requests: true,
      accept_conditions_text: '<p>Cite us.<a rel="noopener noreferrer nofollow">x</a></p>',
      secret_link_expiration: 30,
    });
    // Every version and the public read see the same settings: they live on the parent.
    const anonymous = await t.client().get(`/api/records/${record.id}`);
    expect(anonymous.status).toBe(403);
    const fresh = await owner.get(`/api/records/${record.id}`);
    expect(fresh.json.parent.access.settings.secret_link_expiration).toBe(30);

    // A partial body keeps the rest.
    const partial = await owner.put(`/api/records/${record.id}/access`, {
      allow_guest_requests: false,
      secret_link_expiration: 365,
    });
    expect(partial.json.parent.access.settings).toMatchObject({
      allow_user_requests: true,
      allow_guest_requests: false,
      secret_link_expiration: 365,
    });
  });

  it('answer with the draft for a draft id, and refuse bad values and strangers', async () => {
    const draft = (await createDraft(owner, restricted('Draft settings'))).json;
    const url = `/api/records/${draft.id}/access`;
    const ok = await owner.put(url, { allow_user_requests: true, accept_conditions_text: null });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json.is_draft).toBe(true);
    expect(ok.json.parent.access.settings.allow_user_requests).toBe(true);

    const bad = await owner.put(url, { secret_link_expiration: 45, allow_user_requests: 'yes' });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      secret_link_expiration: ['Must be one of: 0, 30, 60, 180, 365.'],
      allow_user_requests: ['Not a valid boolean.'],
    });
    expect((await stranger.put(url, { allow_user_requests: false })).status).toBe(403);
    expect((await t.client().put(url, { allow_user_requests: false })).status).toBe(403);
  });

  it('change what anonymous readers of a public record see (the read cache follows)', async () => {
    const record = await publishRecord(owner, publishable('Public settings record'));
    const read = () => t.client().get(`/api/records/${record.id}`);
    expect((await read()).json.parent.access.settings.allow_guest_requests).toBe(false);
    await owner.put(`/api/records/${record.id}/access`, { allow_guest_requests: true });
    // PostgreSQL announces the parent change asynchronously: give the listener a moment.
    for (let i = 0; i < 50; i++) {
      if ((await read()).json.parent.access.settings.allow_guest_requests === true) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await read()).json.parent.access.settings.allow_guest_requests).toBe(true);
  });
});
