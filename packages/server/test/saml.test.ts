import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlRequestStore } from '../src/services/identities/saml-requests.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { IDP_CERT, SSO_URL, samlIdp, type AnswerOptions, type SamlPerson } from './saml.idp.ts';

// Sign-in through a SAML IdP (samlify) with its own keys (issue 23).
const SITE = 'http://arca.test';
const idp = samlIdp(SITE);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { ARCA_SAML_ENTRY_POINT: SSO_URL, ARCA_SAML_IDP_CERT: IDP_CERT, ARCA_SAML_NAME: 'Uni' },
  });
});
afterAll(() => t.close());

const person = (eppn: string, mail: string): SamlPerson => ({
  nameId: `transient-${eppn}`,
  attributes: {
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': eppn,
    'urn:oid:0.9.2342.19200300.100.1.3': mail,
    'urn:oid:2.16.840.1.113730.3.1.241': `Name of ${eppn}`,
    'urn:oid:1.3.6.1.4.1.25178.1.2.9': 'uni.example',
  },
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Starts at Arca, lets the IdP answer, posts the answer; returns it and Arca's reply. */
async function signIn(browser: TestClient, who: SamlPerson, options?: AnswerOptions) {
  const started = await browser.get('/api/auth/saml/login?next=/uploads');
  expect(started.status).toBe(302);
  const fields = await idp.answer(String(started.headers.location), who, options);
  return { fields, done: await browser.request('POST', '/api/auth/saml/acs', form(fields)) };
}

describe('SAML sign-in', () => {
  it('serves the SP metadata and signs in with a signed assertion, its attributes mapped', async () => {
    const metadata = await t.client().get('/api/auth/saml/metadata');
    expect(metadata.body).toContain(`entityID="${SITE}/api/auth/saml/metadata"`);
    expect(metadata.body).toContain(`Location="${SITE}/api/auth/saml/acs"`);

    const browser = t.client();
    const { done } = await signIn(browser, person('ada@uni.example', 'Ada@Uni.example'));
    expect(done.headers.location).toBe('/uploads');
    const me = (await browser.get('/api/me')).json;
    expect(me).toMatchObject({ email: 'ada@uni.example' });
    expect(me.profile).toMatchObject({ full_name: 'Name of ada@uni.example' });

    // The same person again (a new transient NameID): the same account, by eduPersonPrincipalName.
    const again = t.client();
    await signIn(again, { ...person('ada@uni.example', 'ada@uni.example'), nameId: 'other' });
    expect((await again.get('/api/me')).json.id).toBe(me.id);
  });

  it('joins the account of a verified address', async () => {
    const local = await buildUser(t.services);
    const browser = t.client();
    await signIn(browser, person('local@uni.example', local.email));
    expect((await browser.get('/api/me')).json.id).toBe(String(local.id));
  });

  it('refuses a replayed, an unsigned, a wrongly signed and an expired assertion', async () => {
    const browser = t.client();
    const { fields, done: first } = await signIn(
      browser,
      person('bob@uni.example', 'bob@uni.example'),
    );
    expect(first.headers.location).toBe('/uploads');
    const replayed = await t.client().request('POST', '/api/auth/saml/acs', form(fields));
    expect(replayed.headers.location).toBe('/login?provider_error=failed&provider=saml');
    expect(replayed.headers['set-cookie']).toBeUndefined();

    for (const options of [
      { unsignedAssertion: true },
      { otherKey: true },
      { expiredMinutesAgo: 30 },
    ]) {
      const stranger = t.client();
      const { done } = await signIn(
        stranger,
        person('eve@uni.example', 'eve@uni.example'),
        options,
      );
      expect(done.headers.location, JSON.stringify(options)).toBe(
        '/login?provider_error=failed&provider=saml',
      );
      expect((await stranger.get('/api/me')).status).toBe(401);
    }
  });

  it('10 parallel copies of one answer sign in once', async () => {
    // Carol's account and identity exist already, so that no unique key of a first
    // sign-in refuses the copies: only the answer's single use can.
    const carol = person('carol@uni.example', 'carol@uni.example');
    expect((await signIn(t.client(), carol)).done.headers['set-cookie']).toBeDefined();
    const started = await t.client().get('/api/auth/saml/login');
    const fields = await idp.answer(String(started.headers.location), carol);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.client().request('POST', '/api/auth/saml/acs', form(fields)),
      ),
    );
    const signedIn = answers.filter((answer) => answer.headers['set-cookie'] !== undefined);
    expect(signedIn).toHaveLength(1);
  });

  it('an open request is used once by 10 callers removing it at the same time', async () => {
    // node-saml checks a request (getAsync) and later removes it (removeAsync): of copies of
    // one answer on several app servers, all may pass the check; the removal decides.
    const store = samlRequestStore(t.db, 60_000);
    expect(await store.saveAsync('_race', 'x')).not.toBeNull();
    const removals = await Promise.allSettled(
      Array.from({ length: 10 }, () => store.removeAsync('_race')),
    );
    expect(removals.filter((removal) => removal.status === 'fulfilled')).toHaveLength(1);
  });
});
