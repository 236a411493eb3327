import {
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type Profile,
} from '@node-saml/node-saml';
import type { SamlConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ExternalProfile, IdentityService } from './identities.service.ts';
import { ProviderLoginError } from './login-errors.ts';
import { samlRequestStore } from './saml-requests.ts';
import { createIdpSettings, type IdpSettings } from './saml-idp-settings.ts';
import { createSamlLogout, sessionNameOf, type SamlSessionName } from './saml-logout.ts';

/** The identities of the SAML provider are stored under this provider id. */
export const SAML_PROVIDER = 'saml';
const REQUEST_LIFETIME_MS = 10 * 60_000;

/** Attribute names (friendly, then OID) Arca reads from an assertion. */
const ATTRIBUTES = {
  mail: ['mail', 'email', 'urn:oid:0.9.2342.19200300.100.1.3'],
  displayName: ['displayName', 'urn:oid:2.16.840.1.113730.3.1.241'],
  eppn: ['eduPersonPrincipalName', 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6'],
  orcid: ['eduPersonOrcid', 'urn:oid:1.3.6.1.4.1.5923.1.1.1.16'],
  organization: ['schacHomeOrganization', 'urn:oid:1.3.6.1.4.1.25178.1.2.9'],
};

/**
 * Sign-in as a SAML 2.0 service provider (node-saml): requests by the
 * HTTP-Redirect binding, signed assertions required, answers posted to the
 * ACS, each valid once and only in answer to a request this site sent.
 */
export function createSamlLoginService(deps: {
  config: SamlConfig;
  siteUrl: string;
  db: Database;
  identities: IdentityService;
  /** Where a failed fetch of the IdP's metadata is told. */
  log: (error: unknown) => void;
  /** Ends Arca sessions by id (single logout from the IdP). */
  closeSessions: (sessionIds: string[]) => Promise<void>;
}) {
  const { config, db } = deps;
  const entityId = `${deps.siteUrl}/api/auth/saml/metadata`;
  const callbackUrl = `${deps.siteUrl}/api/auth/saml/acs`;
  const logoutCallbackUrl = `${deps.siteUrl}/api/auth/saml/slo`;
  const signing = config.spSigning
    ? {
        privateKey: config.spSigning.key,
        publicCert: config.spSigning.cert,
        signatureAlgorithm: 'sha256' as const,
      }
    : {};
  const idp = createIdpSettings(config, deps.log);
  const cacheProvider = samlRequestStore(db, REQUEST_LIFETIME_MS);
  // One node-saml instance per version of the IdP's settings (they change with its metadata).
  const instances = new WeakMap<IdpSettings, SAML>();

  async function current(): Promise<{ instance: SAML; settings: IdpSettings }> {
    const settings = await idp.get();
    let instance = instances.get(settings);
    if (!instance) {
      instance = new SAML({
        entryPoint: settings.entryPoint,
        issuer: entityId,
        callbackUrl,
        idpCert: settings.idpCert,
        ...(settings.idpIssuer ? { idpIssuer: settings.idpIssuer } : {}),
        audience: entityId,
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        acceptedClockSkewMs: config.clockSkewMs,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
        cacheProvider,
        identifierFormat: null,
        disableRequestedAuthnContext: true,
        ...(settings.logoutUrl ? { logoutUrl: settings.logoutUrl } : {}),
        logoutCallbackUrl,
        ...signing,
      });
      instances.set(settings, instance);
    }
    return { instance, settings };
  }
  const saml = async () => (await current()).instance;
  const logout = createSamlLogout({
    db,
    saml: current,
    closeSessions: deps.closeSessions,
    lifetimeMs: REQUEST_LIFETIME_MS,
    clockSkewMs: config.clockSkewMs,
  });

  function profileOf(profile: Profile): ExternalProfile {
    const read = (names: string[]) => {
      for (const name of names) {
        const value = profile[name];
        const first = Array.isArray(value) ? (value as unknown[])[0] : value;
        if (typeof first === 'string' && first.trim()) return first.trim();
      }
      return '';
    };
    const email = read(ATTRIBUTES.mail).toLowerCase();
    if (config.allowedDomains.length > 0) {
      if (!config.allowedDomains.includes(email.split('@')[1] ?? '')) {
        throw new ProviderLoginError('domain');
      }
    }
    // eduPersonPrincipalName names the person stably; a transient NameID would not.
    const subject = read(ATTRIBUTES.eppn) || profile.nameID;
    return {
      provider: SAML_PROVIDER,
      subject,
      // The institution manages its members' addresses: it vouches for them.
      verifiedEmail: email.includes('@') ? email : null,
      name: read(ATTRIBUTES.displayName),
      affiliation: read(ATTRIBUTES.organization),
      orcid: read(ATTRIBUTES.orcid).replace(/^https?:\/\/orcid\.org\//, '') || null,
    };
  }

  return {
    name: config.name,

    /** This service provider's metadata, for the IdP's operators. */
    metadata: () =>
      redirectBoundLogout(
        generateServiceProviderMetadata({
          issuer: entityId,
          callbackUrl,
          logoutCallbackUrl,
          identifierFormat: null,
          wantAssertionsSigned: true,
          ...(config.spSigning ? { ...signing, publicCerts: [config.spSigning.cert] } : {}),
        }),
      ),

    /** The IdP's URL carrying a new authentication request; `next` travels as RelayState. */
    async start(next: string): Promise<string> {
      try {
        return await (await saml()).getAuthorizeUrlAsync(next, undefined, {});
      } catch (error) {
        if (error instanceof ProviderLoginError) throw error;
        throw new ProviderLoginError('unavailable', error);
      }
    },

    /** Checks a posted answer and signs its person in; returns the user and RelayState. */
    async finish(
      body: Record<string, string>,
      address?: string,
    ): Promise<{ userId: number; next: string; named: SamlSessionName }> {
      const instance = await saml();
      let profile: Profile | null;
      try {
        ({ profile } = await instance.validatePostResponseAsync(body));
      } catch (error) {
        throw new ProviderLoginError(error instanceof SamlStatusError ? 'denied' : 'failed', error);
      }
      if (!profile) throw new ProviderLoginError('failed');
      const user = await deps.identities.signIn(profileOf(profile), config, address);
      return { userId: user.id, next: body.RelayState ?? '/', named: sessionNameOf(profile) };
    },

    /** Single logout: remembering a session's name, logging out to the IdP, its messages. */
    logout,
  };
}

/** node-saml declares the logout URL with the HTTP-POST binding; Arca's takes HTTP-Redirect. */
function redirectBoundLogout(metadata: string): string {
  return metadata.replace(
    /(<SingleLogoutService Binding=")urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"/,
    '$1urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
  );
}

export type SamlLoginService = ReturnType<typeof createSamlLoginService>;
