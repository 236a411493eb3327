import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import type { Services } from '../src/services/services.ts';
import { createServices } from '../src/services/index.ts';
import { loadVocabularies } from '../src/vocabularies/loader.ts';
import { databaseUrl, type DatabaseTemplates } from './database-templates.ts';

/** Which database this run's integration tests use: set per Vitest project. */
export const testDatabase = process.env.ARCA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The run's template databases (global-setup.ts); none outside Vitest (the timing scripts). */
function runTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

// Without the run's templates: one migrated dump per process.
let ownPgliteTemplate: Promise<Blob> | undefined;
async function migratedDump(): Promise<Blob> {
  const handle = await openDatabase({ dataDir: null });
  const dump = await handle.dump!();
  await handle.close();
  return dump;
}

const dumps = new Map<string, Blob>();
function dumpFile(file: string): Blob {
  let dump = dumps.get(file);
  if (!dump) dumps.set(file, (dump = new Blob([readFileSync(file)])));
  return dump;
}

type FreshDatabase = Pick<DatabaseHandle, 'db' | 'close' | 'listen'> & { hasVocabularies: boolean };

/** A fresh, migrated database for one test: in-memory PGlite, or a new PostgreSQL database. */
async function freshDatabase(vocabularies: boolean): Promise<FreshDatabase> {
  const templates = runTemplates();
  const template = templates && (vocabularies ? templates.withVocabularies : templates.migrated);
  if (testDatabase === 'pglite') {
    const dump = template ? dumpFile(template) : await (ownPgliteTemplate ??= migratedDump());
    const handle = await openDatabase({ dataDir: null, template: dump });
    return { ...handle, hasVocabularies: template !== undefined && vocabularies };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('ARCA_TEST_DB=postgres needs DATABASE_URL');
  const name = `arca_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: databaseUrl(url, name), dataDir: null });
  return {
    db: handle.db,
    hasVocabularies: template !== undefined && vocabularies,
    listen: (channel, onMessage, onLost) => handle.listen(channel, onMessage, onLost),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      // pool.end() resolves once every connection was asked to close, not once closed:
      // forcing the drop earlier kills them mid-goodbye, an error nobody listens to.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const open = await dropper.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  services: Services;
  /** The database handle, for a second app on the same database (`sameDatabaseAs`). */
  database: Pick<DatabaseHandle, 'db' | 'close' | 'listen'>;
  /** A new HTTP client with its own cookie jar (one browser, so to speak). */
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * Boots the real app on a fresh database, or on another test app's database
 * (`sameDatabaseAs`: a second app server, with a data directory of its own).
 */
export async function startTestApp(
  options: { env?: Record<string, string>; vocabularies?: boolean; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-test-'));
  const config = loadConfig({
    ARCA_DATA_DIR: dataDir,
    ARCA_SITE_URL: 'http://arca.test',
    ARCA_SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ARCA_WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Harvesters see a change at once, unless a test is about the delay.
    ARCA_OAI_SETTLE_SECONDS: '0',
    ...options.env,
  });
  const shared = options.sameDatabaseAs?.database;
  const database = shared ?? (await freshDatabase(options.vocabularies === true));
  if (!shared && options.vocabularies && !(database as FreshDatabase).hasVocabularies)
    await loadVocabularies(database.db);
  // The app's own services: what a test does through them, the app knows at once.
  const services = createServices(database.db, config);
  const app = await buildApp({ config, db: database.db, logger: false, database, services });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    services,
    database,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      // A shared database is closed by the app that made it.
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export interface RequestOptions {
  body?: unknown;
  /** A raw body sent as is (e.g. malformed JSON, or file bytes). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Send the X-CSRFToken header from the cookie jar (default: yes). */
  csrf?: boolean;
  query?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
  /** The body's bytes (file downloads). */
  raw: Buffer;
  // Tests read answers freely; the assertions say what the shape must be.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Talks to the app like a browser: keeps cookies and sends the CSRF header as the web app does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  bearer: string | undefined;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(method: Method, url: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const csrf = this.cookies.get('csrftoken');
    if (options.csrf !== false && csrf && !['GET', 'HEAD'].includes(method)) {
      headers['x-csrftoken'] = csrf;
    }
    if (this.bearer !== undefined) headers.authorization = `Bearer ${this.bearer}`;
    let payload = options.payload;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    } else if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(options.query ? { query: options.query } : {}),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() < Date.now();
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let json: unknown;
    try {
      json = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      raw: response.rawPayload,
      json,
    };
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('POST', url, { ...options, body });
  put = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('PUT', url, { ...options, body });
  patch = (url: string, body?: unknown, options?: RequestOptions) =>
    this.request('PATCH', url, { ...options, body });
  delete = (url: string, options?: RequestOptions) => this.request('DELETE', url, options);

  async login(email: string, password = DEFAULT_PASSWORD): Promise<TestResponse> {
    const response = await this.post('/api/auth/login', { email, password });
    if (response.status !== 200)
      throw new Error(`login failed: ${response.status} ${response.body}`);
    return response;
  }
}

/**
 * Until a change made behind the services is announced, give the listeners a moment
 * (PostgreSQL delivers notifications asynchronously).
 */
export async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not reached');
}

export const DEFAULT_PASSWORD = 'correct horse battery';

let sequence = 0;

/** A user built through the real service; overrides set profile fields. */
export async function buildUser(
  services: Services,
  overrides: {
    email?: string;
    fullName?: string;
    isAdmin?: boolean;
    visibility?: 'public' | 'restricted';
    emailVisibility?: 'public' | 'restricted';
    orcid?: string;
    username?: string;
  } = {},
) {
  sequence += 1;
  const user = await services.accounts.create({
    email: overrides.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.org`,
    password: DEFAULT_PASSWORD,
    full_name: overrides.fullName ?? `Test User ${sequence}`,
    is_admin: overrides.isAdmin ?? false,
  });
  return services.accounts.update(user.id, {
    ...(overrides.username ? { username: overrides.username } : {}),
    identities: { orcid: overrides.orcid ?? null },
    preferences: {
      visibility: overrides.visibility ?? 'restricted',
      email_visibility: overrides.emailVisibility ?? 'restricted',
    },
  });
}
