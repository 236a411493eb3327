import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEntries, fileObjects } from '../src/db/schema.ts';
import { publishUrl } from './files.app.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { S3_BUCKET, startS3Server } from './s3-server.ts';

const minutes = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 60_000);

// The fixity check on S3 storage: it reads the objects back from S3, as a
// restore or a silent change in the bucket would leave them.
describe('fixity check on S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let alice: TestClient;
  let admin: TestClient;
  let adminEmail: string;
  let recordId: string;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3Server();
    // So small a share that each run reads one file only.
    t = await startTestApp({
      vocabularies: true,
      env: { ...s3.env, ARCA_FIXITY_SHARE_PER_DAY: '0.000001' },
    });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    alice = t.client();
    await alice.login((await buildUser(t.services)).email);
    admin = t.client();
    adminEmail = (await buildUser(t.services, { isAdmin: true })).email;
    await admin.login(adminEmail);
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'a.csv', someBytes(4000, 1));
    await uploadFile(alice, draft.id, 'b.csv', someBytes(5000, 2));
    expect((await alice.post(publishUrl(draft.id))).status).toBe(202);
    recordId = draft.id;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  /** The S3 key of a published file's object. */
  async function keyOf(key: string): Promise<string> {
    const [row] = await t.db
      .select({ storageKey: fileObjects.storageKey })
      .from(fileEntries)
      .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
      .where(and(eq(fileEntries.recordId, recordId), eq(fileEntries.key, key)));
    return row!.storageKey;
  }

  async function alerts(): Promise<{ to: string; text: string }[]> {
    await t.services.jobs.runDue(new Date(Date.now() + 60_000));
    const outbox = await admin.get('/api/admin/outbox?size=100');
    return (outbox.json.hits.hits as { to: string; subject: string; text: string }[]).filter((m) =>
      m.subject.includes('no longer match'),
    );
  }

  const failing = async () =>
    (
      (await admin.get('/api/admin/fixity-failures')).json.hits.hits as {
        files: { key: string }[];
      }[]
    )
      .map((hit) => hit.files[0]!.key)
      .sort();

  it('reads the objects back from S3 and alerts once when bytes in the bucket change', async () => {
    expect(await t.services.fixity.run(minutes(1))).toMatchObject({ checked: 1, failed: 0 });
    expect(await t.services.fixity.run(minutes(2))).toMatchObject({ checked: 1, failed: 0 });
    // A byte of b.csv changes in the bucket, its size unchanged.
    const Key = await keyOf('b.csv');
    const stored = await client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key }));
    const original = Buffer.from(await stored.Body!.transformToByteArray());
    const changed = Buffer.from(original);
    changed[2345] = changed[2345]! ^ 0x01;
    await client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key, Body: changed }));
    const runs = [await t.services.fixity.run(minutes(3)), await t.services.fixity.run(minutes(4))];
    expect(runs.map((run) => run.checked)).toEqual([1, 1]);
    expect(runs[0]!.failed + runs[1]!.failed).toBe(1);
    expect(await failing()).toEqual(['b.csv']);
    const mails = await alerts();
    expect(mails.map((m) => m.to)).toEqual([adminEmail]);
    expect(mails[0]!.text).toContain(`${recordId}/b.csv`);
    // Still changed at the next checks: no second alert; put back, the failure clears.
    await t.services.fixity.run(minutes(5));
    await t.services.fixity.run(minutes(6));
    expect(await alerts()).toHaveLength(1);
    await client.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key, Body: original }));
    await t.services.fixity.run(minutes(7));
    await t.services.fixity.run(minutes(8));
    expect(await failing()).toEqual([]);
  });

  it('counts an object gone from the bucket as failed', async () => {
    await client.send(new DeleteObjectCommand({ Bucket: S3_BUCKET, Key: await keyOf('a.csv') }));
    const runs = [
      await t.services.fixity.run(minutes(9)),
      await t.services.fixity.run(minutes(10)),
    ];
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(1);
    expect(await failing()).toEqual(['a.csv']);
    expect(await alerts()).toHaveLength(2);
  });
});
