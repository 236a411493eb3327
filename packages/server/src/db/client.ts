import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data dir as a tarball, to start copies from. */
  dump?: () => Promise<Blob>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, and
   * `onLost` if the subscription ends by itself (whoever relies on it must
   * then stop trusting what it learnt). Resolves to a function that stops it.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
}

const migrationsFolder = path.join(path.dirname(new URL(import.meta.url).pathname), 'migrations');

/**
 * Opens the database and brings its schema up to date. With a URL, that
 * PostgreSQL server; otherwise PGlite, persisted in `dataDir` (or in memory
 * when `dataDir` is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: how many connections the pool keeps at most (default 10). */
  poolSize?: number | undefined;
  dataDir: string | null;
  /** PGlite only: start from this dump of a data dir (tests start many databases). */
  template?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.template);
}

/**
 * PostgreSQL's default (128 MB) is memory the embedded database keeps for good
 * once touched, inside the app's own process; a small repository's working set
 * fits in far less, and the rest stays in the operating system's file cache
 * (32 MB left the demo's first start at 300–304 MB at rest, 16 MB at 288 MB;
 * draft saves on PGlite ran as fast with either).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    // One process holds PGlite, so its notifications cannot be lost in transit.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
  };
}

// Any fixed number, shared by every app server: only one of them migrates at a time.
const MIGRATION_LOCK = 4_217_301;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.end();
  }
  // No JIT: its compile time (0.5–0.8 s) is paid on short queries whose per-row subplans
  // (the grant lookups of a search) the planner prices far above what they cost.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle connection that fails (PostgreSQL restarted, the backend terminated) leaves the
  // pool and the next query opens another; unheard, the error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: () => pool.end(),
    listen: (channel, onMessage, onLost) => listenPostgres(url, channel, onMessage, onLost),
  };
}

/** A connection of its own that only listens. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  let stopping = false;
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  client.on('error', () => undefined);
  client.on('end', () => {
    if (!stopping) onLost();
  });
  await client.connect();
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return async () => {
    stopping = true;
    await client.end();
  };
}
