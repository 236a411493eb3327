import { describe, expect, it } from 'vitest';
import { parseOidcProviders } from './providers.ts';

describe('ARCA_OIDC_PROVIDERS', () => {
  it('fills a preset in and lets the operator override it', () => {
    const [orcid, uni] = parseOidcProviders(
      JSON.stringify([
        { id: 'orcid', preset: 'orcid', clientId: 'APP-1', clientSecret: 's' },
        {
          id: 'uni',
          name: 'University',
          issuer: 'https://login.uni.example/realms/staff',
          clientId: 'arca',
          clientSecret: 's',
          allowedDomains: ['Uni.Example'],
          createAccounts: false,
        },
      ]),
    );
    expect(orcid).toMatchObject({
      name: 'ORCID',
      issuer: 'https://orcid.org',
      scopes: 'openid',
      claims: { orcid: 'sub', email: 'email' },
      createAccounts: true,
      trustEmail: false,
    });
    expect(uni).toMatchObject({
      scopes: 'openid email profile',
      allowedDomains: ['uni.example'],
      createAccounts: false,
    });
  });

  it('names the field at fault', () => {
    expect(() => parseOidcProviders('[{"id":"x"}]')).toThrow('ARCA_OIDC_PROVIDERS.0.clientId');
    expect(() =>
      parseOidcProviders('[{"id":"x","preset":"keycloak","clientId":"a","clientSecret":"b"}]'),
    ).toThrow('ARCA_OIDC_PROVIDERS.x.issuer: required');
    expect(() => parseOidcProviders('{')).toThrow('not valid JSON');
    expect(parseOidcProviders(undefined)).toEqual([]);
  });
});
