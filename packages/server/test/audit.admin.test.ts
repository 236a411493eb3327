// The audit log of administration and sign-in (issue "Audit log"): each admin
// action and each change of a way to sign in is one entry; administrators
// search the log, nobody else may; old entries are purged after the retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, signToken } from '../src/auth/signed-tokens.ts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { actions, entriesAbout } from './audit.helpers.ts';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let user: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ARCA_AUDIT_RETENTION_DAYS: '30' } });
  const a = await buildUser(t.services, { isAdmin: true, fullName: 'Ada Admin' });
  adminId = a.id;
  admin = t.client();
  await admin.login(a.email);
  user = t.client();
  await user.login((await buildUser(t.services)).email);
}, 180_000);
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

describe('admin actions on users', () => {
  it('records creating, changing, blocking, unblocking and the quota of a user', async () => {
    const created = await admin.post('/api/admin/users', {
      email: 'audited-person@example.org',
      password: PASSWORD,
      full_name: 'Audited Person',
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json.id as string;
    const url = `/api/admin/users/${id}`;
    expect((await admin.patch(url, { username: 'audited' })).status).toBe(200);
    expect((await admin.patch(url, { active: false })).status).toBe(200);
    expect((await admin.patch(url, { active: true })).status).toBe(200);
    expect((await admin.patch(url, { password: 'another long password' })).status).toBe(200);
    const quota = await admin.put(`${url}/quota`, { max_drafts: 3, max_bytes: null });
    expect(quota.status, quota.body).toBe(200);
    // Nothing changes: nothing recorded.
    expect((await admin.patch(url, { username: 'audited' })).status).toBe(200);

    const rows = await entriesAbout(t, id);
    expect(actions(rows)).toEqual([
      'admin.user.create',
      'admin.user.update',
      'admin.user.block',
      'admin.user.unblock',
      'admin.user.update',
      'admin.user.quota',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: adminId,
        actorAddress: '127.0.0.1',
        subjectType: 'user',
      });
    }
    expect(rows[0]!.after).toMatchObject({ email: 'audited-person@example.org', is_admin: false });
    expect(rows[1]).toMatchObject({ before: { username: null }, after: { username: 'audited' } });
    expect(rows[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(rows[4]!.after).toEqual({ password_changed: true, tokens_revoked: true });
    expect(rows[5]).toMatchObject({
      before: { maxDrafts: null },
      after: { maxDrafts: 3, maxBytes: null },
    });
    // No password, hash or secret anywhere.
    expect(JSON.stringify(rows)).not.toMatch(/argon2|another long password/);
  });

  it('records nothing when the change is refused (a taken address)', async () => {
    const other = await buildUser(t.services);
    const target = await buildUser(t.services);
    const refused = await admin.patch(`/api/admin/users/${target.id}`, { email: other.email });
    expect(refused.status).toBe(400);
    expect(await entriesAbout(t, target.id)).toEqual([]);
  });
});

describe('admin actions on records and jobs', () => {
  it("records a record's quota set by an administrator, and a job run again", async () => {
    const draftId = (await user.post('/api/records', {})).json.id as string;
    const quota = await admin.put(`/api/admin/records/${draftId}/quota`, {
      max_files: 7,
      max_bytes: 1000,
    });
    expect(quota.status, quota.body).toBe(200);
    const draft = (await user.get(`/api/records/${draftId}/draft`)).json;
    const [entry] = await entriesAbout(t, draft.parent.id as string);
    expect(entry).toMatchObject({
      action: 'admin.record.quota',
      actorId: adminId,
      after: { maxFiles: 7, maxBytes: 1000 },
    });

    await t.services.jobs.enqueue({ kind: 'nothing', payload: {}, runAt: new Date(0) });
    await t.services.jobs.runDue();
    const [failed] = (await admin.get('/api/admin/jobs?failed=true')).json.hits.hits;
    expect((await admin.post(`/api/admin/jobs/${failed.id}/retry`)).status).toBe(202);
    expect((await admin.post('/api/admin/jobs/999999/retry')).status).toBe(404);
    const rows = await entriesAbout(t, failed.id as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'admin.job.retry', after: { kind: 'nothing' } });
  });
});

describe('admin actions on groups', () => {
  it('records creating, changing, deleting a group and its members coming and going', async () => {
    const member = await buildUser(t.services);
    expect((await admin.post('/api/admin/groups', { name: 'audited-group' })).status).toBe(201);
    const url = '/api/admin/groups/audited-group';
    expect((await admin.patch(url, { title: 'Audited' })).status).toBe(200);
    expect((await admin.put(`${url}/members/${member.id}`)).status).toBe(204);
    // Already a member: no second entry.
    expect((await admin.put(`${url}/members/${member.id}`)).status).toBe(204);
    expect((await admin.delete(`${url}/members/${member.id}`)).status).toBe(204);
    expect((await admin.delete(url)).status).toBe(204);
    const rows = await entriesAbout(t, 'audited-group');
    expect(actions(rows)).toEqual([
      'admin.group.create',
      'admin.group.update',
      'admin.group.member_add',
      'admin.group.member_remove',
      'admin.group.delete',
    ]);
    expect(rows[1]).toMatchObject({ before: { title: '' }, after: { title: 'Audited' } });
    expect(rows[2]!.after).toEqual({ user: member.id });
    expect(rows.every((row) => row.actorId === adminId && row.subjectType === 'group')).toBe(true);
  });
});

describe('sign-in methods', () => {
  it('records a user changing their own password, never the password', async () => {
    const person = await buildUser(t.services);
    const browser = t.client();
    await browser.login(person.email);
    const changed = await browser.post('/api/me/password', {
      current_password: PASSWORD,
      password: 'my new long password',
    });
    expect(changed.status, changed.body).toBe(204);
    const wrong = await browser.post('/api/me/password', {
      current_password: 'not my password',
      password: 'yet another password',
    });
    expect(wrong.status).toBe(400);
    const rows = await entriesAbout(t, person.id);
    expect(actions(rows)).toEqual(['account.password_change']);
    expect(rows[0]).toMatchObject({ actorId: person.id, actorAddress: '127.0.0.1' });
    expect(JSON.stringify(rows)).not.toContain('my new long password');
  });

  it('records a password reset by mailed link', async () => {
    const person = await buildUser(t.services);
    const claims = { u: person.id, f: fingerprint(person.passwordHash!) };
    const e = Math.floor(Date.now() / 1000) + 3600;
    const token = signToken(t.config.secretKey, 'password-reset', { ...claims, e });
    const body = { token, password: 'a reset long password' };
    const done = await t.client().post('/api/auth/password/reset', body);
    expect(done.status, done.body).toBeLessThan(300);
    const rows = await entriesAbout(t, person.id);
    expect(actions(rows)).toEqual(['account.password_change']);
    expect(rows[0]!.after).toMatchObject({ password_changed: true, via: 'reset' });
  });

  it('records a provider sign-in joining a known account as a link', async () => {
    const person = await buildUser(t.services);
    const profile = {
      provider: 'idp-join',
      subject: 'joined',
      verifiedEmail: person.email,
      name: '',
      affiliation: '',
      orcid: null,
    };
    const user = await t.services.identities.signIn(
      profile,
      { createAccounts: false },
      '198.51.100.4',
    );
    expect(user.id).toBe(person.id);
    // Signing in again through the linked identity changes nothing.
    await t.services.identities.signIn(profile, { createAccounts: false }, '198.51.100.4');
    const rows = await entriesAbout(t, person.id);
    expect(actions(rows)).toEqual(['identity.link']);
    expect(rows[0]).toMatchObject({
      actorId: person.id,
      actorAddress: '198.51.100.4',
      after: { provider: 'idp-join', subject: 'joined' },
    });
  });

  it('records linking and unlinking a provider; a refused unlink leaves no entry', async () => {
    const person = await buildUser(t.services);
    const browser = t.client();
    await browser.login(person.email);
    const profile = (subject: string) => ({
      provider: `idp-${subject}`,
      subject,
      verifiedEmail: null,
      name: '',
      affiliation: '',
      orcid: null,
    });
    await t.services.identities.link(person.id, profile('one'), '192.0.2.7');
    await t.services.identities.link(person.id, profile('two'), '192.0.2.7');
    expect((await browser.delete('/api/me/identities/idp-one')).status).toBe(204);
    // Without a password, the last identity is the last way in: refused, rolled back.
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, person.id));
    expect((await browser.delete('/api/me/identities/idp-two')).status).toBe(409);
    const rows = await entriesAbout(t, person.id);
    expect(actions(rows)).toEqual(['identity.link', 'identity.link', 'identity.unlink']);
    expect(rows[0]).toMatchObject({
      actorId: person.id,
      actorAddress: '192.0.2.7',
      after: { provider: 'idp-one', subject: 'one' },
    });
    expect(rows[2]).toMatchObject({ actorAddress: '127.0.0.1', before: { provider: 'idp-one' } });
  });
});
