import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import {
  draftWithFiles,
  fileUrl,
  filesUrl,
  md5,
  putContent,
  someBytes,
  uploadFile,
} from './files.helpers.ts';
import { publishUrl } from './files.app.ts';

// The running totals quota checks read (migration 0013) against the sums over
// the files themselves; the parallel cases are meant for PostgreSQL.

let t: TestApp;
let alice: TestClient;
let admin: TestClient;
let aliceId: number;

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services);
  aliceId = user.id;
  alice = t.client();
  await alice.login(user.email);
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: T[] }).rows;
}

const num = (value: unknown) => Number(value ?? 0);

/** The totals kept, and the same sums counted over the files now. */
async function bucketTotals(recordId: string, draft: boolean) {
  const [kept] = await rows<Record<string, unknown>>(sql`
    SELECT files, completed, bytes, stored FROM file_bucket_totals
    WHERE record_id = ${recordId} AND draft = ${draft}`);
  const [real] = await rows<Record<string, unknown>>(sql`
    SELECT count(*) AS files, count(*) FILTER (WHERE e.status = 'completed') AS completed,
      coalesce(sum(coalesce(o.size, e.declared_size,
        CASE WHEN e.status = 'pending' THEN o.reserved ELSE 0 END)), 0) AS bytes,
      coalesce(sum(coalesce(o.size, 0)), 0) AS stored
    FROM file_entries e JOIN file_objects o ON o.id = e.object_id
    WHERE e.record_id = ${recordId} AND e.draft = ${draft}`);
  const shape = (row: Record<string, unknown> | undefined) => ({
    files: num(row?.files),
    completed: num(row?.completed),
    bytes: num(row?.bytes),
    stored: num(row?.stored),
  });
  return { kept: shape(kept), real: shape(real) };
}

/** The owner's stored bytes kept, and counted over the objects their files name. */
async function ownerTotals(ownerId: number) {
  const [kept] = await rows<{ bytes: unknown }>(sql`
    SELECT coalesce(sum(t.bytes), 0) AS bytes FROM file_parent_totals t
    JOIN parents p ON p.id = t.parent_id WHERE p.owner_id = ${ownerId}`);
  const [real] = await rows<{ bytes: unknown }>(sql`
    SELECT coalesce(sum(coalesce(o.size, o.declared_size,
      CASE WHEN o.status = 'pending' THEN o.reserved ELSE 0 END)), 0) AS bytes
    FROM file_objects o JOIN parents p ON p.id = o.parent_id WHERE p.owner_id = ${ownerId}
      AND EXISTS (SELECT 1 FROM file_entries e WHERE e.object_id = o.id)`);
  return { kept: num(kept?.bytes), real: num(real?.bytes) };
}

describe('running totals of files', () => {
  it('equal the sums over the files after uploads, deletes, imports and publishing', async () => {
    const draft = await draftWithFiles(alice);
    const id = draft.id;
    await uploadFile(alice, id, 'a.bin', someBytes(100, 1));
    await uploadFile(alice, id, 'b.bin', someBytes(200, 2));
    expect((await alice.post(filesUrl(id), [{ key: 'pending.bin', size: 50 }])).status).toBe(201);
    expect((await alice.post(filesUrl(id), [{ key: 'unsized.bin' }])).status).toBe(201);
    expect((await putContent(alice, id, 'unsized.bin', someBytes(70, 3))).status).toBe(200);
    expect((await alice.delete(fileUrl(id, 'b.bin'))).status).toBe(204);
    let draftTotals = await bucketTotals(id, true);
    expect(draftTotals.kept).toEqual(draftTotals.real);
    expect(draftTotals.kept).toEqual({ files: 3, completed: 1, bytes: 220, stored: 170 });

    expect((await alice.delete(fileUrl(id, 'pending.bin'))).status).toBe(204);
    expect((await alice.post(`${fileUrl(id, 'unsized.bin')}/commit`)).status).toBe(200);
    const published = await alice.post(publishUrl(id));
    expect(published.status, published.body).toBe(202);
    draftTotals = await bucketTotals(id, true);
    expect(draftTotals.kept).toEqual(draftTotals.real);
    const recordTotals = await bucketTotals(id, false);
    expect(recordTotals.kept).toEqual(recordTotals.real);
    expect(recordTotals.kept).toEqual({ files: 2, completed: 2, bytes: 170, stored: 170 });

    const next = await alice.post(`/api/records/${id}/versions`);
    expect(next.status, next.body).toBe(201);
    const imported = await alice.post(`/api/records/${next.json.id}/draft/actions/files-import`);
    expect(imported.status, imported.body).toBe(201);
    await uploadFile(alice, next.json.id, 'c.bin', someBytes(30, 4));
    expect((await alice.delete(fileUrl(next.json.id, 'a.bin'))).status).toBe(204);
    const versionTotals = await bucketTotals(next.json.id, true);
    expect(versionTotals.kept).toEqual(versionTotals.real);
    expect(versionTotals.kept).toMatchObject({ files: 2, bytes: 100 });
    // Shared objects count once for the owner: a.bin, unsized.bin and c.bin.
    const owner = await ownerTotals(aliceId);
    expect(owner.kept).toBe(owner.real);
    expect(owner.kept).toBe(200);
  });

  it('never let parallel announcements pass the file count or byte quota', async () => {
    for (const quota of [
      { max_files: 5, max_bytes: 1024 * 1024 },
      { max_files: 100, max_bytes: 5 * 1000 },
    ]) {
      const draft = await draftWithFiles(alice);
      expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          alice.post(filesUrl(draft.id), [{ key: `race-${i}.bin`, size: 1000 }]),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expect(refused.status, refused.body).toBe(400);
      }
      const totals = await bucketTotals(draft.id, true);
      expect(totals.kept).toEqual(totals.real);
      expect(totals.kept).toMatchObject({ files: 5, bytes: 5000 });
    }
  });

  it('never let parallel uploads of unknown size pass the quota, and count what they stored', async () => {
    const draft = await draftWithFiles(alice);
    const quota = { max_files: 20, max_bytes: 10 * 1000 };
    expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
    const keys = Array.from({ length: 12 }, (_, i) => `open-${i}.bin`);
    expect(
      (
        await alice.post(
          filesUrl(draft.id),
          keys.map((key) => ({ key })),
        )
      ).status,
    ).toBe(201);
    const answers = await Promise.all(
      keys.map((key, i) => putContent(alice, draft.id, key, someBytes(2000, i + 1))),
    );
    const stored = answers.filter((a) => a.status === 200).length;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(5);
    const totals = await bucketTotals(draft.id, true);
    expect(totals.kept).toEqual(totals.real);
    expect(totals.kept.bytes).toBe(stored * 2000);
  });

  it('stay right under parallel content PUTs and commits, each commit naming the bytes kept', async () => {
    const draft = await draftWithFiles(alice);
    const quota = { max_files: 30, max_bytes: 1e6 };
    expect((await admin.put(`/api/admin/records/${draft.id}/quota`, quota)).status).toBe(200);
    const keys = Array.from({ length: 12 }, (_, i) => `many-${i}.bin`);
    const init = await alice.post(
      filesUrl(draft.id),
      [...keys, 'same.bin'].map((key) => ({ key, size: 500 })),
    );
    expect(init.status, init.body).toBe(201);
    // Twelve files side by side, each sent and committed by its own caller.
    const uploads = await Promise.all(
      keys.map(async (key, i) => {
        const bytes = someBytes(500, 100 + i);
        const put = await putContent(alice, draft.id, key, bytes);
        const commit = await alice.post(`${fileUrl(draft.id, key)}/commit`);
        return { bytes, put, commit };
      }),
    );
    for (const { bytes, put, commit } of uploads) {
      expect(put.status, put.body).toBe(200);
      expect(commit.status, commit.body).toBe(200);
      expect(commit.json).toMatchObject({ status: 'completed', checksum: `md5:${md5(bytes)}` });
    }
    // Twelve callers replace one file's pending content.
    const sent = Array.from({ length: 12 }, (_, i) => someBytes(500, 200 + i));
    const puts = await Promise.all(
      sent.map((bytes) => putContent(alice, draft.id, 'same.bin', bytes)),
    );
    for (const put of puts) expect(put.status, put.body).toBe(200);
    // Commits racing more content: one completion (a commit whose content was replaced
    // meanwhile is told so), content after it refused, never a 500.
    const raced = await Promise.all(
      sent.flatMap((bytes) => [
        alice.post(`${fileUrl(draft.id, 'same.bin')}/commit`),
        putContent(alice, draft.id, 'same.bin', bytes),
      ]),
    );
    const commits = raced.filter((_, i) => i % 2 === 0);
    for (const commit of commits) expect([200, 409], commit.body).toContain(commit.status);
    for (const put of raced.filter((_, i) => i % 2 === 1)) {
      expect([200, 400], put.body).toContain(put.status);
    }
    const done = commits.filter((c) => c.status === 200);
    expect(done.length).toBeGreaterThan(0);
    const checksums = new Set(done.map((c) => c.json.checksum as string));
    expect(checksums.size).toBe(1);
    const content = await alice.get(`${fileUrl(draft.id, 'same.bin')}/content`);
    expect(`md5:${md5(content.raw)}`).toBe([...checksums][0]);
    const totals = await bucketTotals(draft.id, true);
    expect(totals.kept).toEqual(totals.real);
    expect(totals.kept).toEqual({ files: 13, completed: 13, bytes: 6500, stored: 6500 });
  });
});
