import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, buildUser, startTestApp, type TestApp } from './harness.ts';

// A password change closes every session; API tokens go too when asked, and by default
// when an administrator resets the password (issue 22, item 8).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new password';

/** A user logged in twice (two browsers) with one API token. */
async function userWithToken() {
  const user = await buildUser(t.services);
  const browser = t.client();
  await browser.login(user.email);
  const other = t.client();
  await other.login(user.email);
  const created = await browser.post('/api/user/tokens', { name: 'script' });
  expect(created.status, created.body).toBe(201);
  const token = created.json.token as string;
  const script = t.client();
  script.bearer = token;
  expect((await script.get('/api/me')).status).toBe(200);
  return { user, browser, other, script };
}

describe('changing my own password', () => {
  it('revokes my API tokens when asked, closes my other sessions and keeps this one', async () => {
    const { user, browser, other, script } = await userWithToken();
    const changed = await browser.post('/api/me/password', {
      current_password: DEFAULT_PASSWORD,
      password: NEW_PASSWORD,
      revoke_tokens: true,
    });
    expect(changed.status, changed.body).toBe(204);
    expect((await script.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await browser.get('/api/user/tokens')).json.hits.total).toBe(0);
    await t.client().login(user.email, NEW_PASSWORD);
  });

  it('keeps the tokens unless asked, and still closes the other sessions', async () => {
    const { browser, other, script } = await userWithToken();
    const changed = await browser.post('/api/me/password', {
      current_password: DEFAULT_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.status, changed.body).toBe(204);
    expect((await script.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const { user, browser, script } = await userWithToken();
    const refused = await browser.post('/api/me/password', {
      current_password: 'not my password',
      password: NEW_PASSWORD,
      revoke_tokens: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: 'current_password', messages: ['This is not your current password.'] },
    ]);
    expect((await script.get('/api/me')).status).toBe(200);
    await t.client().login(user.email);
  });

  it('is for logged-in users only', async () => {
    const anonymous = await t.client().post('/api/me/password', {
      current_password: DEFAULT_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(anonymous.status).toBe(403);
  });
});

describe('an administrator resets a password', () => {
  async function reset(userId: number, body: Record<string, unknown>) {
    const admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    const answer = await admin.patch(`/api/admin/users/${userId}`, body);
    expect(answer.status, answer.body).toBe(200);
  }

  it('revokes the tokens and closes the sessions by default', async () => {
    const { user, browser, script } = await userWithToken();
    await reset(user.id, { password: NEW_PASSWORD });
    expect((await script.get('/api/me')).status).toBe(401);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('keeps the tokens with revoke_tokens: false', async () => {
    const { user, browser, script } = await userWithToken();
    await reset(user.id, { password: NEW_PASSWORD, revoke_tokens: false });
    expect((await script.get('/api/me')).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('leaves the tokens alone when the password is not changed', async () => {
    const { user, script } = await userWithToken();
    await reset(user.id, { profile: { full_name: 'Renamed' }, revoke_tokens: true });
    expect((await script.get('/api/me')).status).toBe(200);
  });
});
