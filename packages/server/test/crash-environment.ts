import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { testDatabase } from './harness.ts';

export interface CrashEnvironment {
  /** The data folder the child servers share, so a restart finds what the killed one left. */
  dataDir: string;
  /** Environment for `spawnServer`: the data folder, a fixed key and, on PostgreSQL, a database of its own. */
  env: Record<string, string>;
}

/**
 * Registers the hooks that give a crash test a data folder and (on PostgreSQL) a
 * database that outlive each killed server, and remove both at the end.
 */
export function useCrashEnvironment(prefix: string): CrashEnvironment {
  const environment: CrashEnvironment = { dataDir: '', env: {} };
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    environment.dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    environment.env = {
      ARCA_DATA_DIR: environment.dataDir,
      ARCA_SECRET_KEY: randomBytes(32).toString('hex'),
    };
    if (testDatabase !== 'postgres') return;
    const url = process.env.DATABASE_URL!;
    const name = `${prefix.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    environment.env.DATABASE_URL = target.toString();
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  afterAll(async () => {
    await dropDatabase?.();
    rmSync(environment.dataDir, { recursive: true, force: true });
  });
  return environment;
}
