import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { loadVocabularies } from '../src/vocabularies/loader.ts';

/**
 * The databases every integration test starts from, made once per run: one
 * migrated, one also holding the vocabularies. Migrating (and, for most tests,
 * loading the vocabularies) costs each test seconds; copying a template, a fraction.
 * PGlite templates are dumps in files; PostgreSQL ones are template databases.
 */
export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** A dump file (PGlite) or a database name (PostgreSQL). */
  migrated: string;
  withVocabularies: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export async function makePgliteTemplates(): Promise<{
  templates: DatabaseTemplates;
  remove(): void;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arca-test-templates-'));
  const database = await openDatabase({ dataDir: null });
  const migrated = path.join(dir, 'migrated.tar');
  writeFileSync(migrated, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await loadVocabularies(database.db);
  const withVocabularies = path.join(dir, 'vocabularies.tar');
  writeFileSync(withVocabularies, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return {
    templates: { kind: 'pglite', migrated, withVocabularies },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `statements` on the server `url` names, on a connection of its own. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function makePostgresTemplates(serverUrl: string): Promise<{
  templates: DatabaseTemplates;
  remove(): Promise<void>;
}> {
  const prefix = `arca_template_${randomBytes(4).toString('hex')}`;
  const migrated = `${prefix}_migrated`;
  const withVocabularies = `${prefix}_vocabularies`;
  await onServer(serverUrl, [`CREATE DATABASE ${migrated}`]);
  // Opening migrates; the handle must be closed before the database is copied.
  await (
    await openDatabase({ databaseUrl: databaseUrl(serverUrl, migrated), dataDir: null })
  ).close();
  await onServer(serverUrl, [`CREATE DATABASE ${withVocabularies} TEMPLATE ${migrated}`]);
  const loading = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, withVocabularies),
    dataDir: null,
  });
  await loadVocabularies(loading.db);
  await loading.close();
  return {
    templates: { kind: 'postgres', migrated, withVocabularies },
    remove: () =>
      onServer(serverUrl, [
        `DROP DATABASE IF EXISTS ${migrated} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${withVocabularies} WITH (FORCE)`,
      ]),
  };
}
