import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { IDP_CERT, SSO_URL } from './saml.idp.ts';

// The identity providers' sign-in routes count against the client's address (issue 23).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ARCA_TRUST_PROXY: 'true',
      ARCA_PROVIDER_REQUESTS_PER_ADDRESS: '3',
      // Nothing listens there: the start answers at once, without a provider.
      ARCA_OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'uni',
          name: 'University',
          issuer: 'http://127.0.0.1:9/',
          clientId: 'a',
          clientSecret: 'b',
        },
      ]),
      ARCA_SAML_ENTRY_POINT: SSO_URL,
      ARCA_SAML_IDP_CERT: IDP_CERT,
    },
  });
});
afterAll(() => t.close());

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('rate limits on sign-in through providers', () => {
  it('refuses an address past the limit on every provider route, not the others', async () => {
    const browser = t.client();
    const a = from('192.0.2.1');
    for (let i = 0; i < 3; i += 1) {
      expect((await browser.get('/api/auth/oidc/uni/login', a)).status).toBe(303);
    }
    const refused = await browser.get('/api/auth/oidc/uni/login', a);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/^Too many login attempts/);
    expect((await browser.get('/api/auth/oidc/uni/callback?state=x', a)).status).toBe(429);
    expect((await browser.get('/api/auth/saml/login', a)).status).toBe(429);
    const acs = await browser.post('/api/auth/saml/acs', undefined, {
      payload: 'SAMLResponse=x',
      headers: { ...a.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(acs.status).toBe(429);
    expect((await browser.get('/api/auth/saml/slo?SAMLRequest=x', a)).status).toBe(429);

    // Another address, and the rest of the site, are not held back.
    expect((await browser.get('/api/auth/saml/login', from('192.0.2.2'))).status).toBe(302);
    expect((await browser.get('/api/auth/saml/metadata', a)).status).toBe(200);
  });

  it('10 parallel starts from one address: exactly the limit passes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.client().get('/api/auth/oidc/uni/login', from('192.0.2.3')),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(303), ...Array(7).fill(429)]);
  });
});
