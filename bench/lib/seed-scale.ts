// A PostgreSQL database of many published records for the search benchmark,
// kept between runs: ~1,000 records made through the API (seed-api.ts), copied
// inside PostgreSQL to the total asked (seed-copy.ts), a user with many grants,
// then VACUUM ANALYZE. A marker row says what was seeded, with a fingerprint of
// the migrations: a changed schema, another size or BENCH_RESEED=1 seeds again.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type * as ArcaServer from '@arca/server';
import { call, createTemplates, type ApiCaller } from './seed-api.ts';
import { copyGrants, copyRecords } from './seed-copy.ts';

/** Bump when the seeded data changes, so kept databases are seeded again. */
const SEEDER_VERSION = 2;
const MARKER = 'bench.search-seed';

export const SEARCHER = { email: 'searcher@bench.arca', password: 'bench-searcher-2026' };
const DEPOSITOR = { email: 'depositor@bench.arca', password: 'bench-depositor-2026' };

export interface ScaleOptions {
  /** postgres://… of the server; the database name is replaced by `name`. */
  serverUrl: string;
  name: string;
  count: number;
  templates?: number;
  grants?: number;
  reseed?: boolean;
  /** The server package whose app makes the templates (another checkout, say). */
  serverDir: string;
  port?: number;
  log?: (line: string) => void;
}

export interface ScaleDatabase {
  url: string;
  /** Seconds spent seeding in this run (0 when the kept database was reused). */
  seededSeconds: number;
  searcherId: number;
  grants: number;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function fingerprint(options: ScaleOptions): string {
  const hash = createHash('sha256');
  const folder = path.join(options.serverDir, 'src/db/migrations');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  hash.update(JSON.stringify([SEEDER_VERSION, options.count, options.templates, options.grants]));
  return hash.digest('hex').slice(0, 16);
}

interface Marker {
  fingerprint: string;
  searcherId: number;
  grants: number;
}

async function readMarker(url: string): Promise<Marker | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client
      .query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [MARKER])
      .catch(() => ({ rows: [] as { value: string }[] }));
    return rows[0] ? (JSON.parse(rows[0].value) as Marker) : undefined;
  });
}

/** Makes the templates and the grant through the app (in this process), then stops it. */
async function seedThroughApi(url: string, options: ScaleOptions, templates: number) {
  const { loadConfig, startServer } = (await import(
    path.join(options.serverDir, 'src/index.ts')
  )) as typeof ArcaServer;
  const port = options.port ?? 5131;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-seed-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ARCA_DATA_DIR: dataDir,
    ARCA_SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ARCA_DEMO_DATA: 'false',
    ARCA_CREATIONS_PER_MINUTE: '1000000',
    ARCA_USER_MAX_DRAFTS: '1000000',
  });
  const server = await startServer(config, { logger: false });
  try {
    await server.app.listen({ port, host: '127.0.0.1' });
    const { accounts, tokens } = server.services;
    const depositorRow = await accounts.create({ ...DEPOSITOR, full_name: 'Bench Depositor' });
    const searcherRow = await accounts.create({ ...SEARCHER, full_name: 'Bench Searcher' });
    // Only users who let others find them can be given grants.
    await accounts.update(searcherRow.id, {
      preferences: { visibility: 'public', email_visibility: 'restricted' },
    });
    const identity = { userId: depositorRow.id, isAdmin: false, isSystem: false };
    const depositor: ApiCaller = {
      base: config.siteUrl,
      token: (await tokens.create(identity, { name: 'bench seeding' })).token,
    };
    const community = await call(
      depositor,
      'POST',
      '/api/communities',
      {
        slug: 'glaciology',
        metadata: { title: 'Glaciology', description: 'Ice and snow observations.' },
      },
      201,
    );
    const restricted = await createTemplates(depositor, templates, community.id as string);
    // The grant the searcher's 30,000 are copied from, as the API writes it.
    await call(
      depositor,
      'POST',
      `/api/records/${restricted[0]}/access/grants`,
      { grants: [{ subject: { type: 'user', id: String(searcherRow.id) }, permission: 'view' }] },
      201,
    );
    return { searcherId: searcherRow.id };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The seeded database, reused when its marker matches, else (re)made. */
export async function prepareScaleDatabase(options: ScaleOptions): Promise<ScaleDatabase> {
  const log = options.log ?? (() => {});
  const url = databaseUrl(options.serverUrl, options.name);
  const admin = databaseUrl(options.serverUrl, 'postgres');
  const print = fingerprint(options);
  const exists = await withClient(admin, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      options.name,
    ]);
    return rowCount === 1;
  });
  if (exists && !options.reseed) {
    const marker = await readMarker(url);
    if (marker?.fingerprint === print) {
      log(`reusing database ${options.name} (seed ${print})`);
      return { url, seededSeconds: 0, searcherId: marker.searcherId, grants: marker.grants };
    }
  }
  const start = performance.now();
  await withClient(admin, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${options.name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${options.name}"`);
  });
  const templates = Math.min(options.templates ?? 1000, options.count);
  log(`seeding ${options.name}: ${templates} records through the API…`);
  const { searcherId } = await seedThroughApi(url, options, templates);
  const apiSeconds = (performance.now() - start) / 1000;
  log(`  ${apiSeconds.toFixed(0)} s; copying to ${options.count.toLocaleString('en')}…`);
  const grants = await withClient(url, async (client) => {
    await copyRecords(client, options.count, log);
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM grants WHERE subject_type = 'user' AND subject_id = $1`,
      [String(searcherId)],
    );
    const granted = await copyGrants(client, {
      templateGrantId: rows[0]!.id,
      count: options.grants ?? 30_000,
    });
    log(
      `  copied in ${((performance.now() - start) / 1000 - apiSeconds).toFixed(0)} s; VACUUM ANALYZE…`,
    );
    await client.query('VACUUM ANALYZE');
    const marker: Marker = { fingerprint: print, searcherId, grants: granted };
    await client.query(
      `INSERT INTO app_meta (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [MARKER, JSON.stringify(marker)],
    );
    return granted;
  });
  const seededSeconds = (performance.now() - start) / 1000;
  log(`  seeded in ${seededSeconds.toFixed(0)} s`);
  return { url, seededSeconds, searcherId, grants };
}
