import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, signToken } from '../src/auth/signed-tokens.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';
import { linksIn, readMessage, startSmtp, type TestSmtp } from './smtp.helpers.ts';

// E-mail verification through the real SMTP path (issue 23, item 4).
let smtp: TestSmtp;
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    vocabularies: true,
    env: { ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}` },
  });
  owner = t.client();
  await owner.login((await buildUser(t.services)).email);
  // Loading the vocabularies takes a while on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'long enough password';
let sequence = 0;

/** Signs up through the API, logs in, and returns the confirmation link's token. */
async function signUp(app: TestApp = t) {
  sequence += 1;
  const email = `new${sequence}@example.org`;
  await app.services.jobs.runDue();
  const before = smtp.received.length;
  const created = await app
    .client()
    .post('/api/auth/signup', { email, password: PASSWORD, full_name: `New ${sequence}` });
  expect(created.status, created.body).toBe(202);
  await app.services.jobs.runDue();
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received.at(-1)!;
  const link = linksIn(mail.raw).find((url) => url.includes('/verify-email?'));
  expect(link).toMatch(/^http:\/\/arca\.test\/verify-email\?token=/);
  const browser = app.client();
  await browser.login(email, PASSWORD);
  const me = await browser.get('/api/me');
  await browser.patch('/api/me', { preferences: { visibility: 'public' } });
  return {
    email,
    id: Number(me.json.id),
    browser,
    mail,
    token: new URL(link!).searchParams.get('token')!,
  };
}

async function grantTo(userId: number) {
  const record = await publishRecord(owner, publishable('Shared with a newcomer'));
  return owner.post(`/api/records/${record.id}/access/grants`, {
    grants: [{ subject: { type: 'user', id: String(userId) }, permission: 'view' }],
  });
}

const verify = (token: string) => t.client().post('/api/auth/verify-email', { token });

describe('e-mail verification', () => {
  it('lets an unconfirmed account deposit drafts but not publish or receive grants', async () => {
    const person = await signUp();
    const { subject, body } = readMessage(person.mail.raw);
    expect(subject).toBe('Welcome to Arca');
    expect(body).toContain('The link works for 48 hours.');
    expect((await person.browser.get('/api/me')).json.email_verified).toBe(false);

    const draft = await createDraft(person.browser);
    const ui = async () =>
      (
        await person.browser.get(`/api/records/${draft.json.id}/draft?expand=1`, {
          headers: { accept: 'application/vnd.inveniordm.v1+json' },
        })
      ).json.ui.permissions;
    // The abilities the web app mirrors: it may still edit, but not publish.
    expect(await ui()).toMatchObject({ can_update_draft: true, can_publish: false });
    const refused = await person.browser.post(
      `/api/records/${draft.json.id}/draft/actions/publish`,
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'Confirm your email address first: follow the link we mailed you.',
    );
    const grant = await grantTo(person.id);
    expect(grant.status).toBe(400);
    expect(grant.json.errors[0].messages).toEqual([
      'This person has not confirmed their email address yet and cannot be given access.',
    ]);

    expect((await verify(person.token)).status).toBe(204);
    expect((await person.browser.get('/api/me')).json.email_verified).toBe(true);
    expect((await ui()).can_publish).toBe(true);
    const published = await person.browser.post(
      `/api/records/${draft.json.id}/draft/actions/publish`,
    );
    expect(published.status, published.body).toBe(202);
    expect((await grantTo(person.id)).status).toBe(201);

    const again = await verify(person.token);
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([
      {
        field: 'token',
        messages: ['This confirmation link is invalid or has expired. Ask for a new one.'],
      },
    ]);
  });

  it('refuses an expired or tampered link, and a reset-password token', async () => {
    const person = await signUp();
    const claims = { u: person.id, f: fingerprint(person.email) };
    const past = Math.floor(Date.now() / 1000) - 1;
    const key = t.config.secretKey;
    for (const token of [
      signToken(key, 'email-verification', { ...claims, e: past }),
      signToken(key, 'password-reset', { ...claims, e: past + 3600 }),
      signToken('another secret key of enough length!', 'email-verification', {
        ...claims,
        e: past + 3600,
      }),
      `${person.token}x`,
    ]) {
      expect((await verify(token)).status, token).toBe(400);
    }
    expect((await person.browser.get('/api/me')).json.email_verified).toBe(false);
  });

  it('mails a new link on request, refuses once confirmed, and needs the CSRF token', async () => {
    const person = await signUp();
    const before = smtp.received.length;
    const noCsrf = await person.browser.post('/api/me/email/verification', undefined, {
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    const resent = await person.browser.post('/api/me/email/verification');
    expect(resent.status, resent.body).toBe(202);
    await t.services.jobs.runDue();
    expect(smtp.received.length).toBe(before + 1);
    expect(readMessage(smtp.received.at(-1)!.raw).subject).toBe(
      'Confirm your email address at Arca',
    );
    const token = new URL(
      linksIn(smtp.received.at(-1)!.raw).find((url) => url.includes('/verify-email?'))!,
    ).searchParams.get('token')!;
    expect((await verify(token)).status).toBe(204);
    const done = await person.browser.post('/api/me/email/verification');
    expect(done.status).toBe(400);
    expect(done.json.message).toBe('Your email address is already confirmed.');
    expect((await t.client().post('/api/me/email/verification')).status).toBe(403);
  });

  it('confirms the address with a password reset link too', async () => {
    const person = await signUp();
    await t.client().post('/api/auth/password/forgot', { email: person.email });
    await t.services.jobs.runDue();
    const link = linksIn(smtp.received.at(-1)!.raw).find((url) => url.includes('/reset-password?'));
    const reset = await t.client().post('/api/auth/password/reset', {
      token: new URL(link!).searchParams.get('token'),
      password: 'a brand new password',
    });
    expect(reset.status, reset.body).toBe(204);
    const browser = t.client();
    await browser.login(person.email, 'a brand new password');
    expect((await browser.get('/api/me')).json.email_verified).toBe(true);
  });

  it('can be switched off: unconfirmed accounts publish', async () => {
    // A second app server on the same database, with the rule switched off.
    const open = await startTestApp({
      sameDatabaseAs: t,
      env: {
        ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}`,
        ARCA_REQUIRE_VERIFIED_EMAIL: 'false',
      },
    });
    try {
      const person = await signUp(open);
      expect((await person.browser.get('/api/me')).json.email_verified).toBe(false);
      await publishRecord(person.browser);
      const config = await open.client().get('/api/config');
      expect(config.json.email_verification_required).toBe(false);
    } finally {
      await open.close();
    }
  });

  it('leads back from the welcome mail to the page the visitor was going to', async () => {
    await t.services.jobs.runDue();
    const before = smtp.received.length;
    const next = '/me/community-invitation?token=abc';
    const body = { email: 'invited@example.org', password: PASSWORD, full_name: 'Invited', next };
    expect((await t.client().post('/api/auth/signup', body)).status).toBe(202);
    // The address's owner signing up again is mailed a login link that leads back too.
    expect((await t.client().post('/api/auth/signup', body)).status).toBe(202);
    await t.services.jobs.runDue();
    const links = smtp.received.slice(before).map((mail) => linksIn(mail.raw)[0]!);
    expect(new URL(links[0]!).pathname).toBe('/verify-email');
    expect(new URL(links[0]!).searchParams.get('next')).toBe(next);
    expect(new URL(links[1]!).pathname).toBe('/login');
    expect(new URL(links[1]!).searchParams.get('next')).toBe(next);
  });

  it('refuses a next page on another site, naming the field', async () => {
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const refused = await t.client().post('/api/auth/signup', {
        email: 'elsewhere@example.org',
        password: PASSWORD,
        full_name: 'Elsewhere',
        next,
      });
      expect(refused.status, next).toBe(400);
      expect(refused.json.errors, next).toEqual([{ field: 'next', messages: ['Invalid value.'] }]);
    }
  });
});
