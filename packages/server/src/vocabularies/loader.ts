import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notLike, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta, vocabularies } from '../db/schema.ts';
import { indexItem } from './indexing.ts';
import { readTitleCatalogues, withCatalogueTitles, withLanguageNames } from './titles.ts';
import { ALL_TYPES, type VocabularyItem, type VocabularyType } from './types.ts';

const dataDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'data');
const VERSION_KEY = 'vocabularies.version';
const BATCH = 500;
/** Changes when the loader stores entries differently (2: awards carry funder names). */
const LOADER_REVISION = '2';

/** Entries of the names vocabulary made from user profiles; a reload keeps them. */
export const USER_NAME_PREFIX = 'user:';

interface DataFiles {
  version: string;
  /** The entries to store, localised titles merged in; worked out when first needed. */
  items(): Map<VocabularyType, VocabularyItem[]>;
}

async function readDataFiles(): Promise<DataFiles> {
  const catalogues = readTitleCatalogues();
  const hash = createHash('sha256');
  hash.update(`loader ${LOADER_REVISION}`);
  // Localised titles change with the catalogues and with the runtime's language data.
  hash.update(`icu ${process.versions.icu ?? ''}`);
  for (const [locale, { text }] of catalogues) hash.update(locale).update(text);
  const texts = new Map<VocabularyType, string>();
  for (const type of ALL_TYPES) {
    const text = await readFile(path.join(dataDir, `${type}.json`), 'utf8');
    texts.set(type, text);
    hash.update(type).update(text);
  }
  let items: Map<VocabularyType, VocabularyItem[]> | undefined;
  return {
    version: hash.digest('hex'),
    items() {
      items ??= new Map(
        [...texts].map(([type, text]) => {
          const parsed = JSON.parse(text) as VocabularyItem[];
          const localised =
            type === 'languages'
              ? withLanguageNames(parsed)
              : withCatalogueTitles(type, parsed, catalogues);
          return [type, localised];
        }),
      );
      withFunderNames(items);
      return items;
    },
  };
}

/**
 * Awards carry their funder's name, `funder: {id, name}`, as InvenioRDM stores
 * the award's funder relation (invenio-vocabularies AwardSchema, FunderRelationSchema).
 */
function withFunderNames(items: Map<VocabularyType, VocabularyItem[]>): void {
  const names = new Map((items.get('funders') ?? []).map((funder) => [funder.id, funder.name]));
  for (const award of items.get('awards') ?? []) {
    const funder = award.funder as { id?: string; name?: unknown } | undefined;
    const name = funder?.id === undefined ? undefined : names.get(funder.id);
    if (funder && typeof name === 'string') award.funder = { id: funder.id, name };
  }
}

// The files do not change while the process runs, and naming ~700 languages
// in 40 locales takes a moment: both are done once per process, until forgotten.
let dataFiles: Promise<DataFiles> | undefined;

/** The hash of the shipped data files, as stored by the last load. */
export async function vocabularyVersion(): Promise<string> {
  dataFiles ??= readDataFiles();
  return (await dataFiles).version;
}

/**
 * Lets go of the data files and their merged entries (megabytes of strings),
 * once a server has loaded them; a later load reads them again.
 */
export function forgetVocabularyFiles(): void {
  dataFiles = undefined;
}

/**
 * Loads the shipped data files into the database when they differ from what
 * was loaded last (compared by a hash), so a restart costs one small query.
 */
export async function loadVocabularies(db: Database): Promise<{ loaded: boolean }> {
  dataFiles ??= readDataFiles();
  const files = await dataFiles;
  const version = files.version;
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, VERSION_KEY));
  if (current?.value === version) return { loaded: false };

  await db.transaction(async (tx) => {
    for (const [type, items] of files.items()) {
      await tx
        .delete(vocabularies)
        .where(and(eq(vocabularies.type, type), notLike(vocabularies.id, `${USER_NAME_PREFIX}%`)));
      for (let start = 0; start < items.length; start += BATCH) {
        const rows = items.slice(start, start + BATCH).map((item) => ({
          type,
          id: item.id,
          data: item,
          ...indexItem(item),
        }));
        await tx.insert(vocabularies).values(rows);
      }
    }
    await tx
      .insert(appMeta)
      .values({ key: VERSION_KEY, value: version })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: version } });
  });
  // Fresh statistics, or the planner misjudges every search after a bulk load.
  await db.execute(sql`ANALYZE ${vocabularies}`);
  return { loaded: true };
}
