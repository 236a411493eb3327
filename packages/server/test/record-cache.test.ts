import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
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

describe('cached anonymous record reads', () => {
  it('serve the same answer, and drop it when the record is restricted through the API', async () => {
    const record = await publishRecord(owner, publishable('Cached then restricted'));
    const first = await t.client().get(`/api/records/${record.id}`);
    const second = await t.client().get(`/api/records/${record.id}`);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.link).toBe(first.headers.link);

    // Proof that the answer comes from the cache: with the trigger off, a change goes unseen.
    await t.db.execute(sql`ALTER TABLE records DISABLE TRIGGER records_notify_change`);
    await t.db.update(records).set({ title: 'Changed unseen' }).where(eq(records.id, record.id));
    await t.db.execute(sql`ALTER TABLE records ENABLE TRIGGER records_notify_change`);
    expect((await t.client().get(`/api/records/${record.id}`)).body).toBe(first.body);

    await owner.post(`/api/records/${record.id}/draft`);
    await owner.put(
      `/api/records/${record.id}/draft`,
      publishable('Cached then restricted', {
        access: { record: 'restricted', files: 'restricted' },
      }),
    );
    expect((await owner.post(`/api/records/${record.id}/draft/actions/publish`)).status).toBe(202);
    await eventually(
      async () => (await t.client().get(`/api/records/${record.id}`)).status === 403,
    );
  });

  it('are dropped even when the database is changed behind the services', async () => {
    const record = await publishRecord(owner, publishable('Changed in SQL'));
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(200);
    await t.db
      .update(records)
      .set({
        accessRecord: 'restricted',
        document: sql`jsonb_set(${records.document}, '{access,record}', '"restricted"')`,
      })
      .where(eq(records.id, record.id));
    await eventually(
      async () => (await t.client().get(`/api/records/${record.id}`)).status === 403,
    );
  });

  it('follow a new version: the old one stops being the latest', async () => {
    const first = await publishRecord(owner, publishable('Versioned and cached'));
    expect((await t.client().get(`/api/records/${first.id}`)).json.versions.is_latest).toBe(true);
    const next = (await owner.post(`/api/records/${first.id}/versions`)).json;
    await owner.post(`/api/records/${next.id}/draft/actions/publish`);
    await eventually(
      async () =>
        (await t.client().get(`/api/records/${first.id}`)).json.versions.is_latest === false,
    );
  });

  it('are never used for a logged-in reader or a link holder', async () => {
    const record = await publishRecord(owner, publishable('Owner view'));
    await t.client().get(`/api/records/${record.id}`);
    const asOwner = await owner.get(`/api/records/${record.id}`);
    expect(asOwner.json.parent.access.grants).toEqual([]);
    const anonymous = await t.client().get(`/api/records/${record.id}`);
    expect(anonymous.json.parent.access.grants).toBeUndefined();
  });
});
