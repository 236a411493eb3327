import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './child-server.ts';
import { useCrashEnvironment } from './crash-environment.ts';
import { startTestApp, testDatabase, type TestApp } from './harness.ts';
import { IDP_CERT, SSO_URL, samlIdp, type SamlPerson } from './saml.idp.ts';

// One signed answer posted to two app servers on one database at once: one session.
// On PostgreSQL the servers are two processes (`node src/main.ts`); PGlite cannot be
// shared between processes, so there they are two apps in this process on one database.
const SITE = 'http://arca.test';
const idp = samlIdp(SITE);
const env = { ARCA_SITE_URL: SITE, ARCA_SAML_ENTRY_POINT: SSO_URL, ARCA_SAML_IDP_CERT: IDP_CERT };
const crash = useCrashEnvironment('arca-saml-race');

interface Answer {
  status: number;
  location: string;
}
interface AppServer {
  get(path: string): Promise<Answer>;
  post(path: string, fields: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function processServer(): Promise<AppServer> {
  const server = await spawnServer({ ...crash.env, ...env }, await freePort());
  const send = async (path: string, init: RequestInit = {}) => {
    const answer = await fetch(`${server.url}${path}`, { ...init, redirect: 'manual' });
    await answer.arrayBuffer();
    return { status: answer.status, location: answer.headers.get('location') ?? '' };
  };
  return {
    get: (path) => send(path),
    post: (path, fields) =>
      send(path, {
        method: 'POST',
        headers: formHeaders,
        body: new URLSearchParams(fields).toString(),
      }),
    close: () => server.stop(),
  };
}

function inProcessServer(app: TestApp): AppServer {
  const answer = (response: { status: number; headers: Record<string, unknown> }) => ({
    status: response.status,
    location: String(response.headers.location ?? ''),
  });
  return {
    get: async (path) => answer(await app.client().get(path)),
    post: async (path, fields) =>
      answer(
        await app.client().request('POST', path, {
          payload: new URLSearchParams(fields).toString(),
          headers: formHeaders,
        }),
      ),
    close: () => app.close(),
  };
}

const servers: AppServer[] = [];
beforeAll(async () => {
  if (testDatabase === 'postgres') {
    // One after the other: the first migrates the database.
    servers.push(await processServer());
    servers.push(await processServer());
  } else {
    const first = await startTestApp({ env });
    servers.push(inProcessServer(first));
    servers.push(inProcessServer(await startTestApp({ env, sameDatabaseAs: first })));
  }
}, 120_000);
afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
});

const carol: SamlPerson = {
  nameId: 'transient-carol',
  attributes: {
    'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': 'carol@uni.example',
    'urn:oid:0.9.2342.19200300.100.1.3': 'carol@uni.example',
  },
};

/** An answer of the IdP to a request started at `server`. */
async function answerFrom(server: AppServer) {
  const started = await server.get('/api/auth/saml/login');
  expect(started.status).toBe(302);
  return idp.answer(started.location, carol);
}

describe('a SAML answer replayed across app servers', () => {
  it('posted to two servers at once, 5 copies each, signs in exactly once', async () => {
    const [a, b] = servers as [AppServer, AppServer];
    // Carol signs in once first, so that no unique key of a first sign-in stands in for the guard.
    expect((await a.post('/api/auth/saml/acs', await answerFrom(a))).location).toBe('/');

    const fields = await answerFrom(a);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).post('/api/auth/saml/acs', fields)),
    );
    const locations = answers.map((answer) => answer.location);
    expect(locations.filter((location) => location === '/')).toHaveLength(1);
    expect(locations.filter((location) => location.includes('provider_error=failed'))).toHaveLength(
      9,
    );
  });
});
