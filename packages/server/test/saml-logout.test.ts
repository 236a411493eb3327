import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import {
  IDP_CERT,
  SLO_URL,
  SP_CERT,
  SP_KEY,
  SSO_URL,
  samlIdp,
  type SamlPerson,
} from './saml.idp.ts';

// SAML single logout, both ways, against a samlify IdP with its own keys (issue 23).
const SITE = 'http://arca.test';
const idp = samlIdp(SITE);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ARCA_SAML_ENTRY_POINT: SSO_URL,
      ARCA_SAML_IDP_CERT: IDP_CERT,
      ARCA_SAML_LOGOUT_URL: SLO_URL,
      ARCA_SAML_SP_KEY: SP_KEY,
      ARCA_SAML_SP_CERT: SP_CERT,
    },
  });
});
afterAll(() => t.close());

const person = (eppn: string): SamlPerson => ({
  nameId: `persistent-${eppn}`,
  attributes: {
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': eppn,
    'urn:oid:0.9.2342.19200300.100.1.3': eppn,
  },
});

/** Signs `who` in through the IdP; returns the browser and the IdP's SessionIndex. */
async function signIn(who: SamlPerson): Promise<{ browser: TestClient; sessionIndex: string }> {
  const browser = t.client();
  const started = await browser.get('/api/auth/saml/login');
  const { sessionIndex, ...fields } = await idp.answer(String(started.headers.location), who);
  const done = await browser.request('POST', '/api/auth/saml/acs', {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(done.headers['set-cookie']).toBeDefined();
  return { browser, sessionIndex };
}

const signedIn = async (browser: TestClient) => (await browser.get('/api/me')).status === 200;

describe('SAML single logout', () => {
  it('declares its logout URL (HTTP-Redirect) and signing key in the SP metadata', async () => {
    const metadata = (await t.client().get('/api/auth/saml/metadata')).body;
    expect(metadata).toContain(
      `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${SITE}/api/auth/saml/slo"/>`,
    );
    expect(metadata).toContain('use="signing"');
  });

  it("logging out sends the browser to the IdP with a signed request naming the IdP's session", async () => {
    const ada = person('ada@uni.example');
    const { browser, sessionIndex } = await signIn(ada);
    const out = await browser.post('/api/auth/logout');
    expect(out.status).toBe(200);
    const logoutUrl = String(out.json.logout_url);
    expect(logoutUrl.startsWith(`${SLO_URL}?`)).toBe(true);
    expect(await signedIn(browser)).toBe(false);

    // Signed in the query (HTTP-Redirect); samlify checks it against the SP's certificate.
    expect(new URL(logoutUrl).searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(new URL(logoutUrl).searchParams.get('Signature')).toBeTruthy();
    const request = await idp.readLogoutRequest(logoutUrl);
    expect(request.extract.nameID).toBe(ada.nameId);
    expect(request.extract.sessionIndex).toBe(sessionIndex);

    // The IdP's answer brings the browser back to where the logout started.
    const back = await browser.get(idp.logoutResponse(request, '/'));
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/');
    // Its answer is taken once.
    const again = await browser.get(idp.logoutResponse(request, '/'));
    expect(again.headers.location).toBe('/login?provider_error=failed&provider=saml');
  });

  it('a local session logs out locally (204), with no trip to the IdP', async () => {
    const local = t.client();
    await local.login((await buildUser(t.services)).email);
    const out = await local.post('/api/auth/logout');
    expect(out.status).toBe(204);
  });

  it("the IdP's signed request ends the sessions it names, and no other, once", async () => {
    const bea = person('bea@uni.example');
    const first = await signIn(bea);
    const second = await signIn(bea);
    const other = await signIn(person('cem@uni.example'));

    const path = idp.logoutRequest(bea.nameId, first.sessionIndex);
    const answer = await t.client().get(path);
    expect(answer.status).toBe(303);
    expect(String(answer.headers.location).startsWith(`${SLO_URL}?SAMLResponse=`)).toBe(true);
    expect(await signedIn(first.browser)).toBe(false);
    expect(await signedIn(second.browser)).toBe(true);
    expect(await signedIn(other.browser)).toBe(true);

    // Replayed: refused, and Bea's later session stays.
    const replayed = await t.client().get(path);
    expect(replayed.headers.location).toBe('/login?provider_error=failed&provider=saml');
    expect(await signedIn(second.browser)).toBe(true);

    // Without a SessionIndex the request names all of Bea's sessions.
    await t.client().get(idp.logoutRequest(bea.nameId));
    expect(await signedIn(second.browser)).toBe(false);
    expect(await signedIn(other.browser)).toBe(true);
  });

  it('refuses an unsigned request and one signed with a key it does not trust', async () => {
    const dan = person('dan@uni.example');
    const { browser, sessionIndex } = await signIn(dan);

    const wrongKey = await t
      .client()
      .get(idp.logoutRequest(dan.nameId, sessionIndex, { otherKey: true }));
    expect(wrongKey.headers.location).toBe('/login?provider_error=failed&provider=saml');

    const signed = new URL(idp.logoutRequest(dan.nameId, sessionIndex), SITE);
    signed.searchParams.delete('Signature');
    signed.searchParams.delete('SigAlg');
    const unsigned = await t.client().get(signed.pathname + signed.search);
    expect(unsigned.headers.location).toBe('/login?provider_error=failed&provider=saml');
    expect(await signedIn(browser)).toBe(true);
  });

  it("takes the IdP's logout URL from its metadata, and refuses half a key pair", () => {
    const base = { ARCA_SITE_URL: SITE, ARCA_SECRET_KEY: 'x'.repeat(32) };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'arca-slo-')), 'idp.xml');
    writeFileSync(file, idp.metadata());
    expect(loadConfig({ ...base, ARCA_SAML_IDP_METADATA: file }).accounts.saml?.logoutUrl).toBe(
      SLO_URL,
    );
    expect(() =>
      loadConfig({ ...base, ARCA_SAML_IDP_METADATA: file, ARCA_SAML_SP_KEY: SP_KEY }),
    ).toThrow('ARCA_SAML_SP_KEY and ARCA_SAML_SP_CERT: set both or neither');
  });
});
