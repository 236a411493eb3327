import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
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

/** How the next token answers' ID token is forged on its way to Arca, or not at all. */
export type Forgery = 'audience' | 'nonce' | 'signature' | null;

export interface TestIdp {
  issuer: string;
  /** Set to forge the ID token of every token answer until set back to null. */
  forge: Forgery;
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
export async function startTestIdp(redirectUri: string | string[]): Promise<TestIdp> {
  // Arca talks to a relay in front of the provider (the issuer's address), which
  // can forge the ID token in the token endpoint's answer: the provider never would.
  const server = http.createServer();
  const relay = http.createServer();
  const listen = async (s: http.Server) => {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return (s.address() as AddressInfo).port;
  };
  const backendPort = await listen(server);
  const issuer = `http://127.0.0.1:${await listen(relay)}`;
  const people = new Map<string, IdpPerson>();
  const state: { person: IdpPerson; forge: Forgery } = {
    person: { sub: 'nobody' },
    forge: null,
  };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  function forgeIdToken(idToken: string, forgery: Exclude<Forgery, null>): string {
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    if (forgery === 'audience') claims.aud = 'another-client';
    if (forgery === 'nonce') claims.nonce = 'a nonce of another login';
    const key: KeyObject = forgery === 'signature' ? strangerKey : privateKey;
    const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
  }

  relay.on('request', (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const forgery = state.forge;
        if (!forgery || req.url !== '/token' || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const tokens = JSON.parse(Buffer.concat(chunks).toString()) as { id_token: string };
          tokens.id_token = forgeIdToken(tokens.id_token, forgery);
          const { 'content-length': _length, ...headers } = answer.headers;
          res.writeHead(200, headers);
          res.end(JSON.stringify(tokens));
        });
      },
    );
    req.pipe(upstream);
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: [redirectUri].flat(),
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
    get forge() {
      return state.forge;
    },
    set forge(forgery: Forgery) {
      state.forge = forgery;
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
      for (const s of [relay, server]) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    },
  };
}
