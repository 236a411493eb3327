import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema.ts';
import { DEFAULT_PASSWORD, buildUser, eventually, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { ARCA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', ARCA_LOGIN_MAX_FAILURES_PER_ADDRESS: '100' },
  });
});
afterAll(() => t.close());

describe('signup', () => {
  /** Runs the queued jobs and returns the mail written since `since` mails, oldest first. */
  async function mailsSince(since: number) {
    await t.services.jobs.runDue();
    const admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    const all = (await admin.get('/api/admin/outbox?size=1000')).json.hits.hits as {
      to: string;
      subject: string;
      text: string;
    }[];
    return all.slice().reverse().slice(since);
  }

  it('answers alike for a new and a known address; the mail tells which (issue 22)', async () => {
    const before = (await mailsSince(0)).length;
    const body = (password: string, fullName: string) => ({
      email: 'New.Person@Example.org',
      password,
      full_name: fullName,
    });
    const browser = t.client();
    const created = await browser.post(
      '/api/auth/signup',
      body('long enough password', 'New Person'),
    );
    expect(created.status).toBe(202);
    // Nobody is logged in by sign-up: a known address could not be, so a new one is not either.
    expect(created.headers['set-cookie']).toBeUndefined();
    expect((await browser.get('/api/me')).status).toBe(401);
    await browser.login('new.person@example.org', 'long enough password');
    const me = await browser.get('/api/me');
    expect(me.json).toMatchObject({
      email: 'new.person@example.org',
      profile: { full_name: 'New Person' },
    });
    await browser.patch('/api/me', { preferences: { locale: 'de' } });

    const again = await t
      .client()
      .post('/api/auth/signup', body('another long password', 'Someone Else'));
    expect(again.status).toBe(created.status);
    expect(again.body).toBe(created.body);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The owner's account is untouched: their password still works, the other one does not.
    expect(
      (
        await t.client().post('/api/auth/login', {
          email: 'new.person@example.org',
          password: 'another long password',
        })
      ).status,
    ).toBe(401);
    const mails = (await mailsSince(before)).filter((mail) => mail.to === 'new.person@example.org');
    expect(mails).toHaveLength(2);
    const [welcome, taken] = mails;
    expect(welcome!.subject).toBe('Welcome to Arca');
    // In the owner's language.
    expect(taken!.subject).toBe('Registrierungsversuch bei Arca mit Ihrer Adresse');
    expect(taken!.text).toContain('http://arca.test/login');
  });

  it('mails one address at most 3 times an hour, known or not', async () => {
    const before = (await mailsSince(0)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await t.client().post('/api/auth/signup', {
        email: 'often@example.org',
        password: 'long enough password',
        full_name: 'Often',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const mails = (await mailsSince(before)).filter((mail) => mail.to === 'often@example.org');
    expect(mails).toHaveLength(3);
  });

  it('names every invalid field', async () => {
    const response = await t
      .client()
      .post('/api/auth/signup', { email: 'not-an-email', password: 'short' });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('A validation error occurred.');
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', messages: ['Not a valid email address.'] },
        { field: 'password', messages: ['Password must be at least 8 characters long.'] },
        { field: 'full_name', messages: ['Missing data for required field.'] },
      ]),
    );
  });

  it('can be switched off', async () => {
    const closed = await startTestApp({ env: { ARCA_SIGNUP_ENABLED: 'false' } });
    try {
      const response = await closed.client().post('/api/auth/signup', {
        email: 'x@example.org',
        password: 'long enough password',
        full_name: 'X',
      });
      expect(response.status).toBe(403);
      expect(response.json.message).toBe('Sign-up is switched off on this site.');
      expect((await closed.client().get('/api/config')).json.signup_enabled).toBe(false);
    } finally {
      await closed.close();
    }
  });
});

describe('login and logout', () => {
  it('logs in with HttpOnly session and readable CSRF cookies, and logs out', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    const anonymous = await browser.get('/api/me');
    expect(anonymous.status).toBe(401);

    const login = await browser.post('/api/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.json.email).toBe(user.email);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const session = setCookie.find((c) => c.startsWith('session='))!;
    const csrf = setCookie.find((c) => c.startsWith('csrftoken='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    expect(csrf).not.toMatch(/HttpOnly/i);

    expect((await browser.get('/api/me')).status).toBe(200);
    const logout = await browser.post('/api/auth/logout');
    expect(logout.status).toBe(204);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('marks cookies Secure when the site is served over https', async () => {
    const secure = await startTestApp({ env: { ARCA_SITE_URL: 'https://repo.example.org' } });
    try {
      const user = await buildUser(secure.services);
      const login = await secure.client().login(user.email);
      const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
      expect(setCookie.every((c) => /;\s*Secure/i.test(c))).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const user = await buildUser(t.services);
    const wrong = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: 'wrong password' });
    const unknown = await t.client().post('/api/auth/login', {
      email: 'nobody@example.org',
      password: 'wrong password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Invalid email or password.');
  });

  it('refuses a deactivated account', async () => {
    const user = await buildUser(t.services);
    await t.services.accounts.update(user.id, { active: false });
    const response = await t.client().post('/api/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(response.status).toBe(403);
  });

  it('ends a session when it expires', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    expect((await browser.get('/api/me')).status).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    // A change made in SQL reaches the cached session once the database announces it.
    await eventually(async () => (await browser.get('/api/me')).status === 401);
  });
});

describe('rate limit', () => {
  it('blocks an account after too many failures, even with the right password', async () => {
    const user = await buildUser(t.services);
    for (let i = 0; i < 3; i++) {
      const response = await t.client().request('POST', '/api/auth/login', {
        body: { email: user.email, password: 'wrong password' },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t
      .client()
      .post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.json.message).toMatch(/^Too many login attempts/);
  });

  it('blocks an address that tries many accounts', async () => {
    const limited = await startTestApp({
      env: { ARCA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', ARCA_LOGIN_MAX_FAILURES_PER_ADDRESS: '4' },
    });
    try {
      const user = await buildUser(limited.services);
      for (let i = 0; i < 4; i++) {
        const response = await limited.client().post('/api/auth/login', {
          email: `guess${i}@example.org`,
          password: 'wrong password',
        });
        expect(response.status).toBe(401);
      }
      const blocked = await limited.client().post('/api/auth/login', {
        email: user.email,
        password: DEFAULT_PASSWORD,
      });
      expect(blocked.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the header and accepts it with the header', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);

    const without = await browser.patch(
      '/api/me',
      { profile: { full_name: 'Changed' } },
      { csrf: false },
    );
    expect(without.status).toBe(403);
    expect(without.json.message).toMatch(/CSRF/);

    const forged = await browser.patch(
      '/api/me',
      { profile: { full_name: 'Changed' } },
      { csrf: false, headers: { 'x-csrftoken': 'forged' } },
    );
    expect(forged.status).toBe(403);
    expect((await browser.get('/api/me')).json.profile.full_name).toBe(user.fullName);

    const withHeader = await browser.patch('/api/me', { profile: { full_name: 'Changed' } });
    expect(withHeader.status).toBe(200);
    expect(withHeader.json.profile.full_name).toBe('Changed');
  });

  it('does not need the header for reads', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    expect((await browser.get('/api/user/tokens', { csrf: false })).status).toBe(200);
  });
});

describe('personal access tokens', () => {
  it('authenticates API calls without CSRF until revoked', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const created = await browser.post('/api/user/tokens', { name: 'my script' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'my script', last_used: null });
    expect(created.json.token).toMatch(/^arca_[\w-]{40,}$/);

    const listed = await browser.get('/api/user/tokens');
    expect(listed.json.hits.total).toBe(1);
    expect(listed.json.hits.hits[0].token).toBeUndefined();

    const script = t.client();
    script.bearer = created.json.token;
    const me = await script.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(String(user.id));
    const write = await script.patch('/api/me', { profile: { affiliations: 'CERN' } });
    expect(write.status).toBe(200);
    expect((await browser.get('/api/user/tokens')).json.hits.hits[0].last_used).not.toBeNull();

    const revoked = await browser.delete(`/api/user/tokens/${created.json.id}`);
    expect(revoked.status).toBe(204);
    const after = await script.get('/api/me');
    expect(after.status).toBe(401);
    expect(after.json.message).toBe('The access token is invalid or has been revoked.');
  });

  it("cannot revoke someone else's token", async () => {
    const owner = await buildUser(t.services);
    const other = await buildUser(t.services);
    const ownerIdentity = { userId: owner.id, isAdmin: false, isSystem: false };
    const { row } = await t.services.tokens.create(ownerIdentity, { name: 'mine' });
    const browser = t.client();
    await browser.login(other.email);
    expect((await browser.delete(`/api/user/tokens/${row.id}`)).status).toBe(404);
    expect(await t.services.tokens.list(ownerIdentity)).toHaveLength(1);
  });

  it('treats an empty Bearer header as anonymous', async () => {
    const response = await t.client().get('/api/config', { headers: { authorization: 'Bearer ' } });
    expect(response.status).toBe(200);
    const me = await t.client().get('/api/me', { headers: { authorization: 'Bearer ' } });
    expect(me.status).toBe(401);
    expect(me.json.message).not.toMatch(/token/);
  });

  it('needs a name, and a login', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    expect((await browser.post('/api/user/tokens', { name: 'x' })).status).toBe(403);
    await browser.login(user.email);
    const response = await browser.post('/api/user/tokens', { name: '  ' });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      { field: 'name', messages: ['Missing data for required field.'] },
    ]);
  });
});
