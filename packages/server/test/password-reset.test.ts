import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, signToken } from '../src/auth/signed-tokens.ts';
import { DEFAULT_PASSWORD, buildUser, startTestApp, type TestApp } from './harness.ts';
import { linksIn, readMessage, startSmtp, type TestSmtp } from './smtp.helpers.ts';

// Password reset by mail through the real SMTP path (issue 23, item 5).
let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    env: {
      ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}`,
      ARCA_PASSWORD_RESETS_PER_HOUR: '2',
    },
  });
  // Migrating a fresh database takes a while on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const NEW_PASSWORD = 'a brand new password';

/** Asks for a reset link and returns the token of the mail that arrives. */
async function mailedToken(email: string): Promise<string> {
  const before = smtp.received.length;
  const asked = await t.client().post('/api/auth/password/forgot', { email });
  expect(asked.status, asked.body).toBe(202);
  await t.services.jobs.runDue();
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received.at(-1)!;
  expect(mail.to).toEqual([email]);
  const link = linksIn(mail.raw).find((url) => url.includes('/reset-password?'));
  expect(link).toMatch(/^http:\/\/arca\.test\/reset-password\?token=/);
  return new URL(link!).searchParams.get('token')!;
}

const reset = (token: string, extra: Record<string, unknown> = {}) =>
  t.client().post('/api/auth/password/reset', { token, password: NEW_PASSWORD, ...extra });

describe('password reset by mail', () => {
  it('mails a link that works once, closes every session and keeps tokens unless asked', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const script = t.client();
    script.bearer = (await browser.post('/api/user/tokens', { name: 'job' })).json.token as string;

    const token = await mailedToken(user.email);
    const { subject, body } = readMessage(smtp.received.at(-1)!.raw);
    expect(subject).toBe('Reset your password at Arca');
    expect(body).toContain('The link works once, for 60 minutes.');

    const done = await reset(token);
    expect(done.status, done.body).toBe(204);
    expect((await browser.get('/api/me')).status).toBe(401);
    expect((await script.get('/api/me')).status).toBe(200);
    await t.client().login(user.email, NEW_PASSWORD);
    const old = await t.client().post('/api/auth/login', {
      email: user.email,
      password: DEFAULT_PASSWORD,
    });
    expect(old.status).toBe(401);

    const again = await reset(token, { password: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([
      {
        field: 'token',
        messages: ['This link is invalid, has expired or was already used. Ask for a new one.'],
      },
    ]);
  });

  it('revokes the API tokens when asked', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const script = t.client();
    script.bearer = (await browser.post('/api/user/tokens', { name: 'job' })).json.token as string;
    const done = await reset(await mailedToken(user.email), { revoke_tokens: true });
    expect(done.status, done.body).toBe(204);
    expect((await script.get('/api/me')).status).toBe(401);
  });

  it('answers alike for an unknown address, and mails nobody', async () => {
    const before = smtp.received.length;
    const asked = await t.client().post('/api/auth/password/forgot', {
      email: 'Nobody@Example.org',
    });
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ email: 'nobody@example.org' });
    await t.services.jobs.runDue();
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an expired, a tampered and a foreign-purpose token', async () => {
    const user = await buildUser(t.services);
    const claims = { u: user.id, f: fingerprint(user.passwordHash!) };
    const past = Math.floor(Date.now() / 1000) - 1;
    const future = past + 3600;
    const expired = signToken(t.config.secretKey, 'password-reset', { ...claims, e: past });
    const good = signToken(t.config.secretKey, 'password-reset', { ...claims, e: future });
    const otherUser = Buffer.from(JSON.stringify({ ...claims, u: 1, e: future })).toString(
      'base64url',
    );
    const tampered = `${otherUser}.${good.split('.')[1]}`;
    const verification = signToken(t.config.secretKey, 'email-verification', {
      ...claims,
      e: future,
    });
    for (const token of [expired, tampered, verification, 'garbage']) {
      const refused = await reset(token);
      expect(refused.status, token).toBe(400);
      expect(refused.json.errors[0].field).toBe('token');
    }
    expect((await reset(good)).status).toBe(204);
  });

  it('kills the links sent before a password change in the settings', async () => {
    const user = await buildUser(t.services);
    const token = await mailedToken(user.email);
    const browser = t.client();
    await browser.login(user.email);
    const changed = await browser.post('/api/me/password', {
      current_password: DEFAULT_PASSWORD,
      password: 'changed in the settings',
    });
    expect(changed.status, changed.body).toBe(204);
    expect((await reset(token)).status).toBe(400);
  });

  it('names the fields of a bad request', async () => {
    const bad = await t.client().post('/api/auth/password/reset', { password: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'password',
      'token',
    ]);
    const noEmail = await t.client().post('/api/auth/password/forgot', { email: 'not-an-address' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.errors[0].field).toBe('email');
  });

  it('limits the mails one address may ask for, known or not', async () => {
    const user = await buildUser(t.services);
    const ask = () => t.client().post('/api/auth/password/forgot', { email: user.email });
    expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.services.jobs.runDue();
  });

  it('needs the CSRF token from a logged-in browser', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    for (const [url, body] of [
      ['/api/auth/password/forgot', { email: user.email }],
      ['/api/auth/password/reset', { token: 'x', password: NEW_PASSWORD }],
    ] as const) {
      const refused = await browser.post(url, body, { csrf: false });
      expect(refused.status, url).toBe(403);
    }
  });

  it('lets exactly one of ten parallel uses of a link through', async () => {
    const user = await buildUser(t.services);
    const token = await mailedToken(user.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reset(token, { password: `parallel password ${i}` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([204, ...Array<number>(9).fill(400)]);
  });
});

describe('with local passwords switched off (ARCA_LOCAL_LOGIN=false)', () => {
  it('refuses password log-in, sign-up, reset and change, and says so in /api/config', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const closed = await startTestApp({ sameDatabaseAs: t, env: { ARCA_LOCAL_LOGIN: 'false' } });
    try {
      const client = closed.client();
      // The session opened before still works: switching passwords off logs nobody out.
      client.cookies.set('session', browser.cookies.get('session')!);
      client.cookies.set('csrftoken', browser.cookies.get('csrftoken')!);
      const refusals = [
        await closed
          .client()
          .post('/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }),
        await closed.client().post('/api/auth/signup', {
          email: 'someone.new@example.org',
          password: NEW_PASSWORD,
          full_name: 'Someone New',
        }),
        await closed.client().post('/api/auth/password/forgot', { email: user.email }),
        await closed
          .client()
          .post('/api/auth/password/reset', { token: 'x', password: NEW_PASSWORD }),
        await client.post('/api/me/password', {
          current_password: DEFAULT_PASSWORD,
          password: NEW_PASSWORD,
        }),
      ];
      for (const refused of refusals) {
        expect(refused.status, refused.body).toBe(403);
        expect(refused.json.message).toBe(
          'Logging in with a password is switched off on this site.',
        );
      }
      const config = (await closed.client().get('/api/config')).json;
      expect(config).toMatchObject({ local_login: false, signup_enabled: false });
    } finally {
      await closed.close();
    }
  });
});
