import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { records } from '../src/db/schema.ts';
import { buildUser, eventually, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let other: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  other = await startTestApp({ sameDatabaseAs: t });
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const RESTRICTED = { access: { record: 'restricted', files: 'restricted' } } as const;

/** A signed-in client of `app`, with the user's id. */
async function signedIn(app: TestApp) {
  const user = await buildUser(t.services, { visibility: 'public' });
  const client = app.client();
  await client.login(user.email);
  return { id: user.id, client };
}

/** The owner grants the user `view` of the record; answers the grant's id. */
async function grantView(recordId: string, userId: number): Promise<string> {
  const grant = {
    subject: { type: 'user', id: String(userId) },
    permission: 'view',
    notify: false,
  };
  const made = await owner.post(`/api/records/${recordId}/access/grants`, { grants: [grant] });
  expect(made.status, made.body).toBe(201);
  return made.json.hits.hits[0].id as string;
}

/** Changes a record's title with its trigger off: a change no server hears of. */
async function retitleUnannounced(recordId: string, title: string) {
  await t.db.execute(sql`ALTER TABLE records DISABLE TRIGGER records_notify_change`);
  await t.db
    .update(records)
    .set({
      document: sql`jsonb_set(${records.document}, '{metadata,title}', to_jsonb(${title}::text))`,
    })
    .where(eq(records.id, recordId));
  await t.db.execute(sql`ALTER TABLE records ENABLE TRIGGER records_notify_change`);
}

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
      await retitleUnannounced(record.id, `Changed unseen ${attempt}`);
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

  it('are never answered to a signed-in searcher', async () => {
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

describe('cached signed-in searches', () => {
  it('answer the same search by the same user once, and nobody else', async () => {
    const record = await publishRecord(owner, publishable('Potoroo diggings', RESTRICTED));
    const url = '/api/records?q=potoroo';
    const seer = await signedIn(t);
    await grantView(record.id, seer.id);
    expect(titles((await seer.client.get(url)).json)).toEqual(['Potoroo diggings']);
    // Another user, and a visitor, asking the same search get their own answers.
    const stranger = await signedIn(t);
    expect((await stranger.client.get(url)).json.hits.total).toBe(0);
    expect((await t.client().get(url)).json.hits.total).toBe(0);
    // The grantee's own answer is kept: a change nobody announces goes unseen (as above).
    const changeUnseen = async (attempt: number) => {
      const cached = (await seer.client.get(url)).body;
      await retitleUnannounced(record.id, `Potoroo unseen ${attempt}`);
      return (await seer.client.get(url)).body === cached;
    };
    let unseen = false;
    for (let attempt = 1; attempt <= 5 && !unseen; attempt++) unseen = await changeUnseen(attempt);
    expect(unseen).toBe(true);
  });

  it('follow a grant made through another app server', async () => {
    const record = await publishRecord(owner, publishable('Bandicoot nests', RESTRICTED));
    const url = '/api/records?q=bandicoot';
    const reader = await signedIn(other);
    expect((await reader.client.get(url)).json.hits.total).toBe(0);
    expect((await reader.client.get(url)).json.hits.total).toBe(0);
    const grantId = await grantView(record.id, reader.id);
    await eventually(async () => (await reader.client.get(url)).json.hits.total === 1);
    // And its removal.
    const grant = `/api/records/${record.id}/access/grants/${grantId}`;
    expect((await owner.delete(grant)).status).toBe(204);
    await eventually(async () => (await reader.client.get(url)).json.hits.total === 0);
  });

  it('are not kept for a caller holding a secret link', async () => {
    const record = await publishRecord(owner, publishable('Bettong burrows', RESTRICTED));
    const link = await owner.post(`/api/records/${record.id}/access/links`, { permission: 'view' });
    expect(link.status).toBe(201);
    const visitor = t.client();
    const url = `/api/records?q=bettong&token=${link.json.token as string}`;
    expect(titles((await visitor.get(url)).json)).toEqual(['Bettong burrows']);
    await retitleUnannounced(record.id, 'Bettong renamed');
    expect(titles((await visitor.get(url)).json)).toEqual(['Bettong renamed']);
  });
});
