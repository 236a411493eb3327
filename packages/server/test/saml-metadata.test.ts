import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { SSO_URL, samlIdp, type SamlPerson } from './saml.idp.ts';

// The SAML IdP configured from its metadata, by file or by URL (served here over HTTP).
const SITE = 'http://arca.test';
const idp = samlIdp(SITE);
const dir = mkdtempSync(path.join(tmpdir(), 'arca-saml-metadata-'));
const served = { status: 200, body: idp.metadata('other'), fetches: 0 };
const metadataServer = http.createServer((_request, response) => {
  served.fetches += 1;
  response.writeHead(served.status, { 'content-type': 'application/samlmetadata+xml' });
  response.end(served.body);
});
let metadataUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
});
afterAll(async () => {
  metadataServer.closeAllConnections();
  await new Promise((resolve) => metadataServer.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const ada: SamlPerson = {
  nameId: 'transient-ada',
  attributes: {
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'ada@uni.example',
    'urn:oid:0.9.2342.19200300.100.1.3': 'ada@uni.example',
  },
};

/** Starts at Arca, lets the IdP answer, posts the answer; returns Arca's last redirect. */
async function signIn(browser: TestClient) {
  const started = await browser.get('/api/auth/saml/login');
  if (started.status !== 302) return String(started.headers.location);
  expect(String(started.headers.location).startsWith(`${SSO_URL}?`)).toBe(true);
  const fields = await idp.answer(String(started.headers.location), ada);
  const done = await browser.request('POST', '/api/auth/saml/acs', {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return String(done.headers.location);
}

describe('SAML IdP metadata', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it('by file: the SSO URL and signing certificate come from it', async () => {
    const file = path.join(dir, 'idp.xml');
    writeFileSync(file, idp.metadata());
    const app = await startTestApp({ env: { ARCA_SAML_IDP_METADATA: file } });
    try {
      const browser = app.client();
      expect(await signIn(browser)).toBe('/');
      expect((await browser.get('/api/me')).json.email).toBe('ada@uni.example');
    } finally {
      await app.close();
    }
  });

  it('by URL: fetched at start, refreshed when old, kept when a refresh fails', async () => {
    t = await startTestApp({
      env: { ARCA_SAML_IDP_METADATA: metadataUrl, ARCA_SAML_METADATA_REFRESH_SECONDS: '1' },
    });
    expect(served.fetches).toBeGreaterThanOrEqual(1);
    // The served metadata names another certificate: the trusted IdP's answer is refused.
    expect(await signIn(t.client())).toBe('/login?provider_error=failed&provider=saml');

    // The IdP publishes its new certificate; the next use after the refresh period reads it.
    served.body = idp.metadata();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const browser = t.client();
    expect(await signIn(browser)).toBe('/');
    expect((await browser.get('/api/me')).json.email).toBe('ada@uni.example');

    // The metadata URL fails: the metadata in hand still serves.
    served.status = 500;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = served.fetches;
    expect(await signIn(t.client())).toBe('/');
    expect(served.fetches).toBeGreaterThan(before);
    served.status = 200;
  });

  it('with no metadata in hand, a login says the IdP cannot be reached', async () => {
    served.status = 500;
    const app = await startTestApp({ env: { ARCA_SAML_IDP_METADATA: metadataUrl } });
    try {
      const started = await app.client().get('/api/auth/saml/login');
      expect(started.status).toBe(303);
      expect(started.headers.location).toBe('/login?provider_error=unavailable&provider=saml');
      // The SP metadata does not depend on the IdP's.
      const sp = await app.client().get('/api/auth/saml/metadata');
      expect(sp.status).toBe(200);
      expect(sp.body).toContain(`entityID="${SITE}/api/auth/saml/metadata"`);
    } finally {
      served.status = 200;
      await app.close();
    }
  });

  it('refuses at start a metadata file without what is needed, or a plain-HTTP remote URL', () => {
    const broken = path.join(dir, 'broken.xml');
    writeFileSync(
      broken,
      idp.metadata().replace(/<ds:X509Certificate>[^<]*</g, '<ds:X509Certificate>nonsense<'),
    );
    const load = (value: string) => () =>
      loadConfig({
        ARCA_SITE_URL: SITE,
        ARCA_SECRET_KEY: 'x'.repeat(32),
        ARCA_SAML_IDP_METADATA: value,
      });
    expect(load(broken)).toThrow(
      'ARCA_SAML_IDP_METADATA: a signing certificate is not a valid X.509 certificate',
    );
    writeFileSync(broken, '<EntityDescriptor/>');
    expect(load(broken)).toThrow('ARCA_SAML_IDP_METADATA: no IDPSSODescriptor');
    expect(load('http://idp.example.org/metadata')).toThrow(
      'ARCA_SAML_IDP_METADATA: an https URL (the signing keys come from it)',
    );
  });
});
