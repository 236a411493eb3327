import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import {
  makePgliteTemplate,
  pgliteTemplateDir,
  seedFromTemplate,
} from '../src/db/pglite-template.ts';
import { appMeta, users } from '../src/db/schema.ts';

const root = mkdtempSync(path.join(tmpdir(), 'arca-template-'));
const cache = path.join(root, 'cache');
const MARK = { key: 'template.test', value: 'made by the template' };

beforeAll(async () => {
  await makePgliteTemplate(
    'v1',
    async (dir) => {
      const database = await openDatabase({ dataDir: dir });
      await database.db.insert(appMeta).values(MARK);
      await database.close();
    },
    cache,
  );
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function mark(dataDir: string): Promise<string | undefined> {
  const database = await openDatabase({ dataDir });
  try {
    // Migrated: the tables are there.
    await database.db.select().from(users);
    const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, MARK.key));
    return row?.value;
  } finally {
    await database.close();
  }
}

describe('the PGlite template', () => {
  it('is made once, aside, and replaces the templates of other versions', async () => {
    const stale = pgliteTemplateDir('v0', cache);
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'PG_VERSION'), '17');
    const made = await makePgliteTemplate(
      'v1',
      () => Promise.reject(new Error('not again')),
      cache,
    );
    expect(made).toBe(pgliteTemplateDir('v1', cache));
    expect(existsSync(path.join(made, 'PG_VERSION'))).toBe(true);
    // Present already: nothing rebuilt, so nothing swept either.
    expect(existsSync(stale)).toBe(true);
    await makePgliteTemplate(
      'v2',
      async (dir) => {
        await (await openDatabase({ dataDir: dir })).close();
      },
      cache,
    );
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(made)).toBe(false);
  }, 120_000);

  it('seeds a new data dir, which opens with what the template holds', async () => {
    await makePgliteTemplate(
      'v1',
      async (dir) => {
        const database = await openDatabase({ dataDir: dir });
        await database.db.insert(appMeta).values(MARK);
        await database.close();
      },
      cache,
    );
    const dataDir = path.join(root, 'new');
    expect(seedFromTemplate(dataDir, 'v1', cache)).toBe(true);
    expect(await mark(dataDir)).toBe(MARK.value);
  }, 120_000);

  it('never touches a data dir that holds a database, nor uses a template of other vocabularies', async () => {
    const dataDir = path.join(root, 'existing');
    await (await openDatabase({ dataDir })).close();
    expect(seedFromTemplate(dataDir, 'v1', cache)).toBe(false);
    expect(await mark(dataDir)).toBeUndefined();
    expect(seedFromTemplate(path.join(root, 'other'), 'v9', cache)).toBe(false);
    expect(existsSync(path.join(root, 'other'))).toBe(false);
  }, 120_000);
});
