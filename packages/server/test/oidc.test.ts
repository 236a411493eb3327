import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userIdentities, users } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { IDP_CLIENT, startTestIdp, type IdpPerson, type TestIdp } from './oidc.idp.ts';

// Sign-in through a real OpenID provider started here (issue 23).
const SITE = 'http://arca.test';
let idp: TestIdp;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  idp = await startTestIdp(`${SITE}/api/auth/oidc/uni/callback`);
  const provider = (id: string, issuer: string, extra = {}) => ({
    id,
    name: 'University',
    issuer,
    clientId: IDP_CLIENT.id,
    clientSecret: IDP_CLIENT.secret,
    ...extra,
  });
  t = await startTestApp({
    env: {
      ARCA_OIDC_PROVIDERS: JSON.stringify([
        provider('uni', idp.issuer),
        // Nothing listens there: the provider is down.
        provider('down', 'http://127.0.0.1:9/'),
      ]),
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const person = (overrides: Partial<IdpPerson> = {}): IdpPerson => {
  sequence += 1;
  return {
    sub: `person-${sequence}`,
    email: `Person${sequence}@Uni.example`,
    email_verified: true,
    name: `Person ${sequence}`,
    ...overrides,
  };
};

/** Starts at Arca, passes the provider as `who`, and returns Arca's answer to the callback. */
async function signIn(browser: TestClient, who: IdpPerson, start = '/api/auth/oidc/uni/login') {
  idp.person = who;
  const started = await browser.get(start);
  expect(started.status).toBe(302);
  const back = await idp.authorize(String(started.headers.location), SITE);
  return browser.get(back.pathname + back.search);
}

describe('OpenID Connect sign-in', () => {
  it('a first login creates the account, a second finds it; the last identity stays', async () => {
    const who = person();
    const browser = t.client();
    const first = await signIn(browser, who, '/api/auth/oidc/uni/login?next=/uploads');
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/uploads');
    const me = await browser.get('/api/me');
    expect(me.json).toMatchObject({ email: who.email!.toLowerCase() });
    expect(me.json.profile.full_name).toBe(who.name);

    const again = t.client();
    expect((await signIn(again, who)).headers.location).toBe('/');
    expect((await again.get('/api/me')).json.id).toBe(me.json.id);
    const methods = await again.get('/api/me/identities');
    expect(methods.json).toMatchObject({
      password: false,
      identities: [{ provider: 'uni', name: 'University' }],
    });
    const unlink = await again.delete('/api/me/identities/uni');
    expect(unlink.status).toBe(409);
    expect(unlink.json.message).toBe('Your only way to log in cannot be unlinked.');
  });

  it('joins an account by a verified address only when both sides verified it', async () => {
    const local = await buildUser(t.services);
    const browser = t.client();
    await signIn(browser, person({ email: local.email.toUpperCase() }));
    expect((await browser.get('/api/me')).json.id).toBe(String(local.id));

    // The provider does not vouch for the address: no account is joined or made, the
    // person is asked for an address to confirm.
    const unverified = await signIn(t.client(), person({ email_verified: false }));
    expect(unverified.headers.location).toBe('/finish-sign-in');
    const [none] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, `person${sequence}@uni.example`));
    expect(none).toBeUndefined();

    // Someone registered the address without confirming it: the identity is not handed to them.
    const squatter = await buildUser(t.services);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, squatter.id));
    const refused = await signIn(t.client(), person({ email: squatter.email }));
    expect(refused.headers.location).toContain('provider_error=unverifiedAccount');
    const linked = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, squatter.id));
    expect(linked).toEqual([]);
  });

  it('refuses a tampered state, a lost flow, a denied consent and a provider that is down', async () => {
    const browser = t.client();
    idp.person = person();
    const started = await browser.get('/api/auth/oidc/uni/login');
    const back = await idp.authorize(String(started.headers.location), SITE);
    back.searchParams.set('state', 'tampered');
    const tampered = await browser.get(back.pathname + back.search);
    expect(tampered.headers.location).toBe('/login?provider_error=state&provider=uni');
    expect((await browser.get('/api/me')).status).toBe(401);

    // The flow cookie is used once: replaying the answer finds no flow.
    const replayed = await browser.get(back.pathname + back.search);
    expect(replayed.headers.location).toBe('/login?provider_error=expired&provider=uni');

    const denied = await signIn(t.client(), person({ deny: true }));
    expect(denied.headers.location).toBe('/login?provider_error=denied&provider=uni');

    const down = await t.client().get('/api/auth/oidc/down/login');
    expect(down.status).toBe(303);
    expect(down.headers.location).toBe('/login?provider_error=unavailable');
    expect((await t.client().get('/api/auth/oidc/nowhere/login')).status).toBe(404);
  });

  it.each(['audience', 'nonce', 'signature'] as const)(
    'refuses an ID token with a wrong %s and opens no session',
    async (forgery) => {
      const browser = t.client();
      idp.forge = forgery;
      try {
        const answer = await signIn(browser, person());
        expect(answer.headers.location).toBe('/login?provider_error=failed&provider=uni');
      } finally {
        idp.forge = null;
      }
      expect((await browser.get('/api/me')).status).toBe(401);
    },
  );

  it('links an identity to the signed-in user, never one of another user', async () => {
    const user = await buildUser(t.services);
    const browser = t.client();
    await browser.login(user.email);
    const link = async (who: IdpPerson) => {
      const started = await browser.post('/api/me/identities/uni');
      expect(started.status).toBe(200);
      idp.person = who;
      const back = await idp.authorize(started.json.location, SITE);
      return browser.get(back.pathname + back.search);
    };
    const who = person({ email: 'elsewhere@other.example' });
    expect((await link(who)).headers.location).toBe('/me/settings/identities?linked=uni');
    expect((await browser.get('/api/me/identities')).json).toMatchObject({
      password: true,
      identities: [{ provider: 'uni' }],
    });
    // The identity now signs this user in, whatever its address.
    const elsewhere = t.client();
    await signIn(elsewhere, who);
    expect((await elsewhere.get('/api/me')).json.id).toBe(String(user.id));

    const other = await buildUser(t.services);
    const otherBrowser = t.client();
    await otherBrowser.login(other.email);
    const started = await otherBrowser.post('/api/me/identities/uni');
    const back = await idp.authorize(started.json.location, SITE);
    const taken = await otherBrowser.get(back.pathname + back.search);
    expect(taken.headers.location).toBe(
      '/me/settings/identities?provider_error=taken&provider=uni',
    );

    // A link finished after the user changed (here: logged out) is refused.
    const third = person();
    const leaving = await otherBrowser.post('/api/me/identities/uni');
    idp.person = third;
    const answer = await idp.authorize(leaving.json.location, SITE);
    await otherBrowser.post('/api/auth/logout');
    const afterLogout = await otherBrowser.get(answer.pathname + answer.search);
    expect(afterLogout.headers.location).toBe(
      '/me/settings/identities?provider_error=state&provider=uni',
    );

    // A password remains: the identity may go.
    expect((await browser.delete('/api/me/identities/uni')).status).toBe(204);
    expect((await browser.get('/api/me/identities')).json.identities).toEqual([]);
  });

  it('10 parallel first logins of one person make one account and one identity', async () => {
    const who = person();
    idp.person = who;
    const browsers = Array.from({ length: 10 }, () => t.client());
    // Everyone passes the provider first, then all come back at once.
    const answers = await Promise.all(
      browsers.map(async (browser) => {
        const started = await browser.get('/api/auth/oidc/uni/login');
        return idp.authorize(String(started.headers.location), SITE);
      }),
    );
    const done = await Promise.all(
      answers.map((back, i) => browsers[i]!.get(back.pathname + back.search)),
    );
    expect(done.map((answer) => answer.headers.location)).toEqual(Array(10).fill('/'));
    const accounts = await t.db
      .select()
      .from(users)
      .where(eq(users.email, who.email!.toLowerCase()));
    expect(accounts).toHaveLength(1);
    const identities = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, who.sub));
    expect(identities).toHaveLength(1);
    const ids = await Promise.all(browsers.map(async (b) => (await b.get('/api/me')).json.id));
    expect(new Set(ids)).toEqual(new Set([String(accounts[0]!.id)]));
  });
});
