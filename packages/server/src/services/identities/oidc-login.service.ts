import * as client from 'openid-client';
import type { OidcProvider } from '../../auth/oidc/providers.ts';
import { openFlow, sealFlow, type LoginFlow } from '../../auth/oidc/flow-cookie.ts';
import type { ExternalProfile, IdentityService } from './identities.service.ts';
import { ProviderLoginError } from './login-errors.ts';

/** A login started at the provider must come back within this. */
export const FLOW_LIFETIME_MS = 10 * 60_000;

export type FinishedLogin =
  | { kind: 'signedIn'; userId: number; next: string }
  | { kind: 'linked'; provider: string }
  /** A first sign-in without a confirmed address: the person is asked for one. */
  | { kind: 'needsEmail'; profile: ExternalProfile; next: string };

/**
 * Sign-in through OpenID Connect providers: the authorization code flow with
 * PKCE, `state` and `nonce`, and ID-token validation, all by openid-client.
 * Each provider's discovery document is fetched on first use and kept; a
 * failed discovery is tried again on the next login.
 */
export function createOidcLoginService(deps: {
  providers: OidcProvider[];
  siteUrl: string;
  secretKey: string;
  identities: IdentityService;
}) {
  const byId = new Map(deps.providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, Promise<client.Configuration>>();

  const callbackUrl = (provider: OidcProvider) =>
    `${deps.siteUrl}/api/auth/oidc/${provider.id}/callback`;

  function configuration(provider: OidcProvider): Promise<client.Configuration> {
    let pending = discovered.get(provider.id);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for a provider on this machine (development and tests).
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      pending = client.discovery(
        issuer,
        provider.clientId,
        { client_secret: provider.clientSecret },
        client.ClientSecretPost(provider.clientSecret),
        {
          timeout: 10,
          // openid-client skips the ID token's signature on the code flow unless asked:
          // without this, a token signed by any key would pass.
          execute: [
            client.enableNonRepudiationChecks,
            ...(local ? [client.allowInsecureRequests] : []),
          ],
        },
      );
      pending.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, pending);
    }
    return pending.catch((error: unknown) => {
      throw new ProviderLoginError('unavailable', error);
    });
  }

  function providerOf(id: string): OidcProvider {
    const provider = byId.get(id);
    if (!provider) throw new ProviderLoginError('failed');
    return provider;
  }

  /** Maps the provider's answer to what Arca reads, checking the address. */
  function profileOf(provider: OidcProvider, claims: Record<string, unknown>): ExternalProfile {
    const text = (name: string) => {
      const value = claims[name];
      return typeof value === 'string' ? value.trim() : '';
    };
    const email = text(provider.claims.email).toLowerCase();
    const verified = provider.trustEmail || claims.email_verified === true;
    // Without an address, the one the person gives is checked instead.
    if (provider.allowedDomains.length > 0 && email) {
      const domain = email.split('@')[1] ?? '';
      if (!provider.allowedDomains.includes(domain)) throw new ProviderLoginError('domain');
    }
    const given = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
    return {
      provider: provider.id,
      subject: text('sub'),
      verifiedEmail: email.includes('@') && verified ? email : null,
      name: text(provider.claims.name) || given,
      affiliation: text(provider.claims.affiliation),
      orcid: text(provider.claims.orcid).replace(/^https?:\/\/orcid\.org\//, '') || null,
    };
  }

  return {
    providers: deps.providers,

    /** Whether a cookie holds a link flow: its failures are shown in the settings. */
    isLinking(sealed: string | undefined): boolean {
      return (sealed ? openFlow(deps.secretKey, sealed) : null)?.linkUserId != null;
    },

    /** The provider's authorization URL and the sealed flow for the browser's cookie. */
    async start(
      providerId: string,
      options: { next: string; linkUserId: number | null },
    ): Promise<{ url: string; flow: string }> {
      const provider = providerOf(providerId);
      const config = await configuration(provider);
      const flow: LoginFlow = {
        provider: provider.id,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        next: options.next,
        linkUserId: options.linkUserId,
        expires: Date.now() + FLOW_LIFETIME_MS,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(provider),
        scope: provider.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow: sealFlow(deps.secretKey, flow) };
    },

    /**
     * Checks the provider's answer against the flow the browser carries, then
     * signs in (or links, for the signed-in user who started it).
     */
    async finish(
      providerId: string,
      query: URLSearchParams,
      sealed: string | undefined,
      currentUserId: number | null,
      /** The caller's address, for the audit log of a link. */
      address?: string,
    ): Promise<FinishedLogin> {
      const provider = providerOf(providerId);
      const flow = sealed ? openFlow(deps.secretKey, sealed) : null;
      if (!flow) throw new ProviderLoginError('expired');
      if (flow.provider !== provider.id || query.get('state') !== flow.state) {
        throw new ProviderLoginError('state');
      }
      if (query.get('error') === 'access_denied') throw new ProviderLoginError('denied');
      if (flow.linkUserId !== null && flow.linkUserId !== currentUserId) {
        throw new ProviderLoginError('state');
      }
      const config = await configuration(provider);
      const current = new URL(callbackUrl(provider));
      current.search = query.toString();
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        if (config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims, ...pickVerified(info) };
        }
      } catch (error) {
        throw new ProviderLoginError(failureCode(error), error);
      }
      const profile = profileOf(provider, claims);
      if (flow.linkUserId !== null) {
        await deps.identities.link(flow.linkUserId, profile, address);
        return { kind: 'linked', provider: provider.id };
      }
      try {
        const user = await deps.identities.signIn(profile, provider, address);
        return { kind: 'signedIn', userId: user.id, next: flow.next };
      } catch (error) {
        if (error instanceof ProviderLoginError && error.code === 'noEmail') {
          return { kind: 'needsEmail', profile, next: flow.next };
        }
        throw error;
      }
    },
  };
}

/** The address and its verification from the user info, which is where code flows put them. */
function pickVerified(info: Record<string, unknown>) {
  const picked: Record<string, unknown> = {};
  if (info.email !== undefined) picked.email = info.email;
  if (info.email_verified !== undefined) picked.email_verified = info.email_verified;
  return picked;
}

function failureCode(error: unknown): 'denied' | 'unavailable' | 'failed' {
  if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
    return 'denied';
  }
  // fetch() failing outright: the provider cannot be reached.
  if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) {
    return 'unavailable';
  }
  return 'failed';
}

export type OidcLoginService = ReturnType<typeof createOidcLoginService>;
