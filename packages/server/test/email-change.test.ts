import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, signToken } from '../src/auth/signed-tokens.ts';
import { DEFAULT_PASSWORD, buildUser, startTestApp, type TestApp } from './harness.ts';
import { linksIn, readMessage, startSmtp, type TestSmtp } from './smtp.helpers.ts';

// Changing one's own address, confirmed at the new one, through the real SMTP path (issue 23).
let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A signed-in user, and the mails sent from now on. */
async function signedIn() {
  const user = await buildUser(t.services);
  const browser = t.client();
  await browser.login(user.email);
  await t.services.jobs.runDue();
  return { user, browser, mailsBefore: smtp.received.length };
}

async function mailsSince(count: number) {
  await t.services.jobs.runDue();
  return smtp.received.slice(count);
}

const confirm = (token: string) => t.client().post('/api/auth/verify-email', { token });

describe('changing one’s address', () => {
  it('mails the new address; the address changes only when the link is used, once', async () => {
    const { user, browser, mailsBefore } = await signedIn();
    const asked = await browser.post('/api/me/email', {
      email: 'New.Address@Example.org',
      current_password: DEFAULT_PASSWORD,
    });
    expect(asked.status, asked.body).toBe(202);
    expect(asked.json).toEqual({ email: 'new.address@example.org' });
    expect((await browser.get('/api/me')).json.email).toBe(user.email);

    const [mail, ...others] = await mailsSince(mailsBefore);
    expect(others).toEqual([]);
    expect(mail!.to).toEqual(['new.address@example.org']);
    expect(readMessage(mail!.raw).subject).toBe('Confirm your new email address at Arca');
    const link = linksIn(mail!.raw).find((url) => url.includes('/verify-email?'))!;
    const token = new URL(link).searchParams.get('token')!;

    expect((await confirm(token)).status).toBe(204);
    const me = (await browser.get('/api/me')).json;
    expect(me.email).toBe('new.address@example.org');
    expect(me.email_verified).toBe(true);
    const [notice] = await mailsSince(mailsBefore + 1);
    expect(notice!.to).toEqual([user.email]);
    const { subject, body } = readMessage(notice!.raw);
    expect(subject).toBe('Your email address at Arca was changed');
    expect(body).toContain('is now new.address@example.org');

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([{ field: 'token', messages: [expect.any(String)] }]);
    // The new address signs in; the old one no longer does.
    const login = (email: string) =>
      t.client().post('/api/auth/login', { email, password: DEFAULT_PASSWORD });
    expect((await login('new.address@example.org')).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
  });

  it('refuses a wrong password, a taken address, an expired or forged link', async () => {
    const { user, browser, mailsBefore } = await signedIn();
    const other = await buildUser(t.services);
    const wrong = await browser.post('/api/me/email', {
      email: 'x@example.org',
      current_password: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].field).toBe('current_password');
    const taken = await browser.post('/api/me/email', {
      email: other.email,
      current_password: DEFAULT_PASSWORD,
    });
    expect(taken.json.errors).toEqual([
      { field: 'email', messages: ['An account with this email address already exists.'] },
    ]);
    const bad = await browser.post('/api/me/email', { email: 'nope', current_password: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('email');
    expect(await mailsSince(mailsBefore)).toEqual([]);

    const token = (claims: { e: number; f: string }) =>
      signToken('not the site secret', 'email-change', {
        u: user.id,
        n: 'y@example.org',
        ...claims,
      });
    const forged = await confirm(
      token({ e: Math.floor(Date.now() / 1000) + 600, f: fingerprint(user.email) }),
    );
    expect(forged.status).toBe(400);
    const expired = signToken(t.config.secretKey, 'email-change', {
      u: user.id,
      e: Math.floor(Date.now() / 1000) - 1,
      f: fingerprint(user.email),
      n: 'y@example.org',
    });
    expect((await confirm(expired)).status).toBe(400);
    expect((await browser.get('/api/me')).json.email).toBe(user.email);
  });

  it('10 parallel uses of one link change the address once and send one notice', async () => {
    const { user, browser, mailsBefore } = await signedIn();
    const email = `parallel-${user.id}@example.org`;
    await browser.post('/api/me/email', { email, current_password: DEFAULT_PASSWORD });
    const [mail] = await mailsSince(mailsBefore);
    const link = linksIn(mail!.raw).find((url) => url.includes('/verify-email?'))!;
    const token = new URL(link).searchParams.get('token')!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array(9).fill(400)]);
    expect((await browser.get('/api/me')).json.email).toBe(email);
    const notices = await mailsSince(mailsBefore + 1);
    expect(notices.map((notice) => notice.to)).toEqual([[user.email]]);
  });
});
