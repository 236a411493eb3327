import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userIdentities, users } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { IDP_CLIENT, startTestIdp, type IdpPerson, type TestIdp } from './oidc.idp.ts';
import { linksIn, readMessage, startSmtp, type TestSmtp } from './smtp.helpers.ts';

// A first sign-in through a provider that shares no address (ORCID): the person
// gives one, and the link mailed there through the real SMTP path finishes it.
const SITE = 'http://arca.test';
let idp: TestIdp;
let smtp: TestSmtp;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  idp = await startTestIdp(['orcid', 'strict'].map((id) => `${SITE}/api/auth/oidc/${id}/callback`));
  const provider = (id: string, extra = {}) => ({
    id,
    issuer: idp.issuer,
    clientId: IDP_CLIENT.id,
    clientSecret: IDP_CLIENT.secret,
    ...extra,
  });
  t = await startTestApp({
    env: {
      ARCA_SMTP_URL: `smtp://arca:s3cret@127.0.0.1:${smtp.port}`,
      ARCA_OIDC_PROVIDERS: JSON.stringify([
        // As ORCID: the subject is the ORCID iD, and no address is shared.
        provider('orcid', { name: 'ORCID', claims: { orcid: 'sub' } }),
        provider('strict', {
          name: 'Institute',
          allowedDomains: ['uni.example'],
          createAccounts: false,
        }),
      ]),
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

/** A researcher whose provider tells their name and nothing of an address. */
const researcher = (): IdpPerson => {
  sequence += 1;
  return { sub: `0000-0002-1825-${String(sequence).padStart(4, '0')}`, name: `Ada ${sequence}` };
};

/** Passes the provider as `who` and returns Arca's answer to the callback. */
async function signIn(browser: TestClient, who: IdpPerson, provider = 'orcid') {
  idp.person = who;
  const started = await browser.get(`/api/auth/oidc/${provider}/login`);
  const back = await idp.authorize(String(started.headers.location), SITE);
  return browser.get(back.pathname + back.search);
}

/** Gives the address on the page and returns the token of the link mailed there. */
async function giveAddress(browser: TestClient, email: string) {
  await t.services.jobs.runDue();
  const before = smtp.received.length;
  const asked = await browser.post('/api/auth/pending-sign-in/email', { email });
  expect(asked.status, asked.body).toBe(202);
  expect(asked.json).toEqual({ email: email.toLowerCase() });
  await t.services.jobs.runDue();
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received.at(-1)!;
  expect(mail.to).toEqual([email.toLowerCase()]);
  const link = linksIn(mail.raw).find((url) => url.includes('/verify-email?'))!;
  return { token: new URL(link).searchParams.get('token')!, mail };
}

const follow = (browser: TestClient, token: string) =>
  browser.post('/api/auth/verify-email', { token });

describe('a first sign-in without an address', () => {
  it('asks for one, mails a link, and makes the account with the ORCID iD when it is followed', async () => {
    const who = researcher();
    const browser = t.client();
    const back = await signIn(browser, who);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/finish-sign-in');
    expect((await browser.get('/api/me')).status).toBe(401);
    const page = await browser.get('/api/auth/pending-sign-in');
    expect(page.json).toEqual({ provider: 'ORCID', full_name: who.name });

    const email = `ada${sequence}@example.org`;
    const { token, mail } = await giveAddress(browser, email.toUpperCase());
    const { subject, body } = readMessage(mail.raw);
    expect(subject).toBe('Finish signing in to Arca');
    expect(body).toContain('signed in to Arca with ORCID and gave this email address.');
    // Nothing exists before the link is followed.
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    expect((await follow(browser, token)).status).toBe(204);
    const me = await browser.get('/api/me');
    expect(me.json).toMatchObject({ email, email_verified: true });
    expect(me.json.profile.full_name).toBe(who.name);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.orcid).toBe(who.sub);
    expect((await browser.get('/api/me/identities')).json.identities).toMatchObject([
      { provider: 'orcid', name: 'ORCID' },
    ]);
    // The pending sign-in is spent, and so is the link.
    expect((await browser.get('/api/auth/pending-sign-in')).status).toBe(404);
    const again = await follow(t.client(), token);
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([
      {
        field: 'token',
        messages: ['This confirmation link is invalid or has expired. Ask for a new one.'],
      },
    ]);
    // The next sign-in finds the account at once.
    const later = t.client();
    expect((await signIn(later, who)).headers.location).toBe('/');
    expect((await later.get('/api/me')).json.id).toBe(me.json.id);
  });

  it('opens no session in a browser that did not sign in at the provider', async () => {
    const who = researcher();
    const browser = t.client();
    await signIn(browser, who);
    const { token } = await giveAddress(browser, `elsewhere${sequence}@example.org`);
    const stranger = t.client();
    expect((await follow(stranger, token)).status).toBe(204);
    expect((await stranger.get('/api/me')).status).toBe(401);
    // The account exists: the provider now signs its owner in.
    const again = t.client();
    expect((await signIn(again, who)).headers.location).toBe('/');
    expect((await again.get('/api/me')).json.email).toBe(`elsewhere${sequence}@example.org`);
  });

  it('joins an account of a verified address, never one whose address is unconfirmed', async () => {
    const local = await buildUser(t.services);
    const who = researcher();
    const browser = t.client();
    await signIn(browser, who);
    const { token } = await giveAddress(browser, local.email);
    expect((await follow(browser, token)).status).toBe(204);
    expect((await browser.get('/api/me')).json.id).toBe(String(local.id));
    const [row] = await t.db.select().from(users).where(eq(users.id, local.id));
    expect(row!.orcid).toBe(who.sub);

    const squatter = await buildUser(t.services);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, squatter.id));
    const other = t.client();
    await signIn(other, researcher());
    const refused = await follow(other, (await giveAddress(other, squatter.email)).token);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].messages[0]).toMatch(
      /^An account with this email address exists/,
    );
    const linked = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, squatter.id));
    expect(linked).toEqual([]);
    expect((await other.get('/api/me')).status).toBe(401);
  });

  it("keeps the provider's allowed domains and its refusal to create accounts", async () => {
    const browser = t.client();
    expect((await signIn(browser, researcher(), 'strict')).headers.location).toBe(
      '/finish-sign-in',
    );
    const outside = await browser.post('/api/auth/pending-sign-in/email', {
      email: 'someone@example.org',
    });
    expect(outside.status).toBe(400);
    expect(outside.json.errors).toEqual([
      { field: 'email', messages: ['Addresses of this domain cannot be used with this provider.'] },
    ]);
    const email = `nobody${sequence}@uni.example`;
    const refused = await follow(browser, (await giveAddress(browser, email)).token);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].messages).toEqual([
      'No account has this email address, and new accounts cannot be created with this provider.',
    ]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    // An account of that domain is joined.
    const member = await buildUser(t.services, { email: `member${sequence}@uni.example` });
    const joined = t.client();
    await signIn(joined, researcher(), 'strict');
    expect((await follow(joined, (await giveAddress(joined, member.email)).token)).status).toBe(
      204,
    );
    expect((await joined.get('/api/me')).json.id).toBe(String(member.id));
  });

  it('refuses an address without a pending sign-in, or with a forged one', async () => {
    const browser = t.client();
    const lost = await browser.post('/api/auth/pending-sign-in/email', { email: 'a@example.org' });
    expect(lost.status).toBe(400);
    expect(lost.json.errors).toEqual([
      { field: 'email', messages: ['This sign-in has expired. Start again from the login page.'] },
    ]);
    expect((await browser.get('/api/auth/pending-sign-in')).status).toBe(404);
    browser.cookies.set('arca_pending_sign_in', 'forged');
    expect((await browser.get('/api/auth/pending-sign-in')).status).toBe(404);
    const bad = await browser.post('/api/auth/pending-sign-in/email', { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].field).toBe('email');
  });

  it('10 parallel uses of one link make one account and sign in once', async () => {
    const who = researcher();
    const browser = t.client();
    await signIn(browser, who);
    const email = `parallel${sequence}@example.org`;
    const { token } = await giveAddress(browser, email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => follow(t.client(), token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array(9).fill(400)]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const identities = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, who.sub));
    expect(identities).toHaveLength(1);
  });
});
