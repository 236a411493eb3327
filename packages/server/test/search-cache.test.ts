import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { records } from '../src/db/schema.ts';
import { buildUser, eventually, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
});
afterAll(() => t.close());

const titles = (body: { hits: { hits: { metadata: { title: string } }[] } }) =>
  body.hits.hits.map((hit) => hit.metadata.title).sort();

describe('cached anonymous searches', () => {
  it('answer the same search once, until the database announces a change', async () => {
    const record = await publishRecord(owner, publishable('Quokka census'));
    const url = '/api/records?q=quokka';
    const first = await t.client().get(url);
    expect(titles(first.json)).toEqual(['Quokka census']);
    // Proof that answers come from the cache: a change made with the trigger off goes
    // unseen. The publish's own announcement may still arrive and empty the cache, so a
    // try whose change shows is made again; without the cache, every try shows it.
    const changeUnseen = async (attempt: number) => {
      const cached = (await t.client().get(url)).body;
      await t.db.execute(sql`ALTER TABLE records DISABLE TRIGGER records_notify_change`);
      await t.db
        .update(records)
        .set({
          document: sql`jsonb_set(${records.document}, '{metadata,title}', to_jsonb(${`Changed unseen ${attempt}`}::text))`,
        })
        .where(eq(records.id, record.id));
      await t.db.execute(sql`ALTER TABLE records ENABLE TRIGGER records_notify_change`);
      return (await t.client().get(url)).body === cached;
    };
    let unseen = false;
    for (let attempt = 1; attempt <= 5 && !unseen; attempt++) unseen = await changeUnseen(attempt);
    expect(unseen).toBe(true);

    // An announced change drops it.
    await t.db.update(records).set({ accessRecord: 'restricted' }).where(eq(records.id, record.id));
    await eventually(async () => (await t.client().get(url)).json.hits.total === 0);
  });

  it('show a record published through this server at once', async () => {
    const url = '/api/records?q=wombat';
    await publishRecord(owner, publishable('Wombat burrows'));
    expect(titles((await t.client().get(url)).json)).toEqual(['Wombat burrows']);
    await publishRecord(owner, publishable('Wombat diets'));
    const after = (await t.client().get(url)).json;
    expect(titles(after)).toEqual(['Wombat burrows', 'Wombat diets']);
    expect(after.hits.total).toBe(2);
  });

  it('are never used for a signed-in searcher', async () => {
    await publishRecord(
      owner,
      publishable('Numbat sightings', { access: { record: 'restricted', files: 'restricted' } }),
    );
    const url = '/api/records?q=numbat';
    expect((await t.client().get(url)).json.hits.total).toBe(0);
    expect(titles((await owner.get(url)).json)).toEqual(['Numbat sightings']);
    expect((await t.client().get(url)).json.hits.total).toBe(0);
  });

  // Kept compressed: the same bytes again, chosen by Accept-Encoding as the plugin chooses.
  it('are sent compressed as the client accepts, the same answer each time', async () => {
    await publishRecord(owner, publishable('Bilby tracks'));
    const url = '/api/records?q=bilby';
    const ask = (encoding: string) =>
      t.client().get(url, { headers: { 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(titles(plain.json)).toEqual(['Bilby tracks']);
    expect(plain.raw.length).toBeGreaterThan(1024); // above the compression threshold
    for (const [accept, sent, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.1, gzip;q=0.9', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
    ] as const) {
      const first = await ask(accept);
      const again = await ask(accept);
      for (const response of [first, again]) {
        expect(response.headers['content-encoding']).toBe(sent);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(response.headers['content-length'])).toBe(response.raw.length);
        expect(decode(response.raw).toString()).toBe(plain.body);
      }
    }
  });
});
