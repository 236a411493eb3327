import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEntries, fileObjects } from '../src/db/schema.ts';
import { publishUrl } from './files.app.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

const minutes = (n: number) => new Date(Date.UTC(2030, 0, 1) + n * 60_000);

describe('fixity check', () => {
  let t: TestApp;
  let alice: TestClient;
  let admin: TestClient;
  let adminEmail: string;
  let recordId: string;

  beforeAll(async () => {
    // So small a share that each run reads one file only.
    t = await startTestApp({ vocabularies: true, env: { ARCA_FIXITY_SHARE_PER_DAY: '0.000001' } });
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
  afterAll(() => t.close());

  /** Where the bytes of a published file lie on the disk. */
  async function pathOf(key: string): Promise<string> {
    const [row] = await t.db
      .select({ storageKey: fileObjects.storageKey })
      .from(fileEntries)
      .innerJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
      .where(and(eq(fileEntries.recordId, recordId), eq(fileEntries.key, key)));
    return path.join(t.config.dataDir, 'files', row!.storageKey);
  }

  async function alerts(): Promise<{ to: string; subject: string; text: string }[]> {
    await t.services.jobs.runDue(new Date(Date.now() + 60_000));
    const outbox = await admin.get('/api/admin/outbox?size=100');
    return (outbox.json.hits.hits as { to: string; subject: string; text: string }[]).filter((m) =>
      m.subject.includes('no longer match'),
    );
  }

  it('reads the files oldest-checked first, a share at a time, and alerts once when bytes change', async () => {
    // Never checked first, one per run: both files in two runs.
    expect(await t.services.fixity.run(minutes(1))).toMatchObject({ checked: 1, failed: 0 });
    expect(await t.services.fixity.run(minutes(2))).toMatchObject({ checked: 1, failed: 0 });
    const checked = await t.db.select({ at: fileObjects.checkedAt }).from(fileObjects);
    expect(checked.map((row) => row.at?.getTime()).sort()).toEqual(
      [minutes(1).getTime(), minutes(2).getTime()].sort(),
    );
    // A byte of b.csv rots on the disk, its size unchanged.
    const file = await pathOf('b.csv');
    const original = readFileSync(file);
    const rotten = Buffer.from(original);
    rotten[1234] = rotten[1234]! ^ 0x01;
    writeFileSync(file, rotten);
    // The file checked longest ago comes first: one of the two, then the other.
    const third = await t.services.fixity.run(minutes(3));
    const fourth = await t.services.fixity.run(minutes(4));
    expect(third.failed + fourth.failed).toBe(1);
    expect((await alerts()).map((m) => m.to)).toEqual([adminEmail]);
    const [mail] = await alerts();
    expect(mail!.text).toContain(`${recordId}/b.csv`);

    const failures = await admin.get('/api/admin/fixity-failures');
    expect(failures.status).toBe(200);
    expect(failures.json.hits.total).toBe(1);
    expect(failures.json.hits.hits[0]).toMatchObject({
      failed: expect.any(String),
      files: [{ record_id: recordId, draft: false, key: 'b.csv' }],
    });
    expect((await alice.get('/api/admin/fixity-failures')).status).toBe(403);
    expect((await t.client().get('/api/admin/fixity-failures')).status).toBeGreaterThanOrEqual(401);

    // Still failing at the next checks: no second alert.
    await t.services.fixity.run(minutes(5));
    await t.services.fixity.run(minutes(6));
    expect(await alerts()).toHaveLength(1);
    // The bytes restored from a backup: the next check clears the failure.
    writeFileSync(file, original);
    await t.services.fixity.run(minutes(7));
    await t.services.fixity.run(minutes(8));
    expect((await admin.get('/api/admin/fixity-failures')).json.hits.total).toBe(0);
  });

  it('counts a missing file as failed', async () => {
    const { rm } = await import('node:fs/promises');
    await rm(await pathOf('a.csv'));
    const runs = [
      await t.services.fixity.run(minutes(9)),
      await t.services.fixity.run(minutes(10)),
    ];
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(1);
    const failures = await admin.get('/api/admin/fixity-failures');
    expect(
      failures.json.hits.hits.map((h: { files: { key: string }[] }) => h.files[0]!.key),
    ).toEqual(['a.csv']);
  });

  it('reads each file once and alerts once when 10 runs go at the same time', async () => {
    await t.db.update(fileObjects).set({ checkedAt: null, fixityFailedAt: null });
    const before = (await alerts()).length;
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => t.services.fixity.run(minutes(20))),
    );
    // Two files, the missing a.csv failing: each read by one run only.
    expect(runs.reduce((sum, run) => sum + run.checked, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(1);
    expect((await alerts()).length).toBe(before + 1);
  });
});
