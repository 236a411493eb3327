import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type InteractionResults } from 'oidc-provider';

export const IDP_CLIENT = { id: 'arca', secret: 'a client secret for the tests only' };

/** The person who signs in at the provider's next interaction, and what they answer. */
export interface IdpPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Refuse the consent: the provider answers access_denied. */
  deny?: boolean;
}

export interface TestIdp {
  issuer: string;
  /** Who signs in next (read at each interaction). */
  person: IdpPerson;
  /**
   * Plays the browser at the provider from an authorization URL: follows its
   * redirects with a cookie jar of its own, signs `person` in and consents,
   * until the provider sends the browser back to `siteUrl`; returns that URL.
   */
  authorize(url: string, siteUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID provider (oidc-provider) on a random local port, with its own keys. */
export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, IdpPerson>();
  const state: { person: IdpPerson } = { person: { sub: 'nobody' } };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => {
        const { deny: _deny, ...claims } = people.get(sub) ?? { sub };
        return claims;
      },
    }),
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['cookie key of the test provider'] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' }] },
  });
  const handle = provider.callback();

  /** Signs the current person in, then consents (or refuses) to what the client asked. */
  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const person = state.person;
    people.set(person.sub, person);
    let result: InteractionResults;
    if (person.deny) {
      result = { error: 'access_denied', error_description: 'The person said no.' };
    } else if (details.prompt.name === 'login') {
      result = { login: { accountId: person.sub } };
    } else {
      const grant = new provider.Grant({
        accountId: person.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    } else {
      void handle(req, res);
    }
  });

  return {
    issuer,
    get person() {
      return state.person;
    },
    set person(person: IdpPerson) {
      state.person = person;
    },
    async authorize(url, siteUrl) {
      const jar = new Map<string, string>();
      let next = new URL(url);
      for (let hop = 0; hop < 10; hop += 1) {
        if (next.origin === new URL(siteUrl).origin) return next;
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(next, { redirect: 'manual', headers: { cookie } });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped: ${response.status}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
