import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { loggedIn } from './communities.helpers.ts';
import { startTestApp, testDatabase, type TestApp, type TestClient } from './harness.ts';
import { copyRecord, errorCode, identifiersIn, tokenIn } from './oai.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// A publication is dated by its transaction's start and seen at its commit. On
// PostgreSQL the late one below commits after the walk passed its date; PGlite runs
// one transaction at a time, so there it commits at once, and the walk must still
// meet every record once while ten others publish.

let t: TestApp;
let owner: TestClient;
const HOST = 'oai:arca.test:';

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true, env: { ARCA_OAI_PAGE_SIZE: '1' } });
  owner = (await loggedIn(t, 'Concurrent Owner')).client;
}, 180_000);
afterAll(() => t?.close());

it('meets a publication that commits after the walk passed its date', async () => {
  const template = await publishRecord(owner, publishable('Template record'));
  const walked: string[] = [];
  let token: string | undefined;
  const next = async () => {
    const query = token
      ? `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`
      : 'verb=ListRecords&metadataPrefix=oai_dc';
    const body = (await t.client().get(`/oai2d?${query}`)).body;
    expect(errorCode(body), body.slice(0, 500)).toBeUndefined();
    walked.push(...identifiersIn(body).map((identifier) => identifier.slice(HOST.length)));
    token = tokenIn(body);
  };
  const hold = (work: (db: Database) => Promise<void>) =>
    testDatabase === 'postgres' ? t.db.transaction(work) : work(t.db);
  await hold(async (tx) => {
    // Dated just after the template, committed when this transaction ends.
    await copyRecord(tx, template.id, 1, 'late');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => publishRecord(owner, publishable(`Concurrent ${i}`))),
    );
    // One record a page: the template, then one published after the late one's date.
    await next();
    await next();
    expect(token).toBeTruthy();
  });
  while (token) await next();

  const result = await t.db.execute(sql`SELECT id FROM records WHERE access_record = 'public'`);
  const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  expect(ids).toHaveLength(12);
  expect(walked).toHaveLength(new Set(walked).size);
  expect([...walked].sort()).toEqual(ids.sort());
});
