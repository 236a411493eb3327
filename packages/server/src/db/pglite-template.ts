import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new PGlite database starts with initdb, which in WebAssembly takes most of
 * a first start (7–13 s on two cores) and leaves the process 150 MB bigger.
 * `npm run build` makes one initialised, migrated database with the
 * vocabularies loaded (scripts/pglite-template.ts), and a new data dir starts
 * as a copy of it. The copy is only a head start: migrations and the
 * vocabulary loader still run on it and do whatever is left to do.
 */

const pgliteRoot = path.resolve(
  fileURLToPath(import.meta.resolve('@electric-sql/pglite')),
  '../..',
);
/** Beside the installed packages, where build tools keep what they made (node_modules/.cache). */
const defaultCache = path.resolve(pgliteRoot, '../../.cache/arca');
const migrationsJournal = new URL('./migrations/meta/_journal.json', import.meta.url);

/**
 * Where the template of this PGlite version, this list of migrations and this
 * version of the vocabularies lives (a template of another schema must never
 * seed a data dir, and one of other vocabularies would be reloaded at once).
 */
export function pgliteTemplateDir(vocabularies: string, cache = defaultCache): string {
  const { version } = JSON.parse(readFileSync(path.join(pgliteRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const key = createHash('sha256')
    .update(version)
    .update(readFileSync(migrationsJournal))
    .update(vocabularies)
    .digest('hex')
    .slice(0, 16);
  return path.join(cache, `pglite-${key}`);
}

const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Copies the template into `dataDir` when that holds no database yet; true if it did. */
export function seedFromTemplate(
  dataDir: string,
  vocabularies: string,
  cache = defaultCache,
): boolean {
  const template = pgliteTemplateDir(vocabularies, cache);
  if (isDatabase(dataDir) || !isDatabase(template)) return false;
  cpSync(template, dataDir, { recursive: true });
  return true;
}

/**
 * Makes the template with `prepare` (which must leave a closed database in
 * the folder it is given), unless it exists. Built aside and renamed into
 * place, so a half-made template is never used.
 */
export async function makePgliteTemplate(
  vocabularies: string,
  prepare: (dir: string) => Promise<void>,
  cache = defaultCache,
): Promise<string> {
  const template = pgliteTemplateDir(vocabularies, cache);
  if (isDatabase(template)) return template;
  const parent = path.dirname(template);
  mkdirSync(parent, { recursive: true });
  const work = mkdtempSync(path.join(parent, '.building-'));
  try {
    await prepare(path.join(work, 'db'));
    rmSync(template, { recursive: true, force: true });
    renameSync(path.join(work, 'db'), template);
    // Templates of earlier versions are of no more use.
    for (const entry of readdirSync(parent)) {
      const dir = path.join(parent, entry);
      if (entry.startsWith('pglite-') && dir !== template)
        rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return template;
}
