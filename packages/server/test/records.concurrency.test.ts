import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drafts, records } from '../src/db/schema.ts';
import { fileEntries } from '../src/db/schema.files.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, md5, someBytes, uploadFile } from './files.helpers.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// PGlite runs one query at a time, so the races below show on PostgreSQL; the suite runs on
// both (`integration-postgres` needs DATABASE_URL), and its answers must hold on both.
let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

const ROUNDS = 10;
const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

/** Every file of a published record, downloaded, with the md5 of its bytes. */
async function publishedFiles(id: string) {
  const list = await alice.get(`/api/records/${id}/files`);
  expect(list.status, list.body).toBe(200);
  const result: Record<string, string> = {};
  for (const entry of list.json.entries as { key: string }[]) {
    const content = await alice.get(`/api/records/${id}/files/${entry.key}/content`);
    expect(content.status, content.body).toBe(200);
    result[entry.key] = md5(content.raw);
  }
  return result;
}

async function draftsOfParent(parentId: string) {
  return t.db.select({ id: drafts.id }).from(drafts).where(eq(drafts.parentId, parentId));
}

describe('concurrent publishes of one draft', () => {
  it('publish once: one 202, the others a clear 4xx, files and bytes intact', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = { 'a.csv': someBytes(3000, 1), 'b.bin': someBytes(70_000, 2) };
    for (const [key, content] of Object.entries(bytes)) {
      await uploadFile(alice, draft.id, key, content);
    }
    const url = `/api/records/${draft.id}/draft/actions/publish`;
    const answers = await Promise.all(Array.from({ length: ROUNDS }, () => alice.post(url)));
    const codes = statuses(answers);
    expect(
      codes.filter((s) => s === 202),
      String(codes),
    ).toHaveLength(1);
    expect(
      codes.every((s) => s === 202 || (s >= 400 && s < 500)),
      String(codes),
    ).toBe(true);
    expect(await publishedFiles(draft.id)).toEqual({
      'a.csv': md5(bytes['a.csv']),
      'b.bin': md5(bytes['b.bin']),
    });
  });

  it('publish of an edit draft: the published files survive every loser', async () => {
    const draft = await draftWithFiles(alice);
    const bytes = someBytes(50_000, 7);
    await uploadFile(alice, draft.id, 'kept.bin', bytes);
    expect((await alice.post(`/api/records/${draft.id}/draft/actions/publish`)).status).toBe(202);
    expect((await alice.post(`/api/records/${draft.id}/draft`)).status).toBe(201);
    const url = `/api/records/${draft.id}/draft/actions/publish`;
    const answers = await Promise.all(Array.from({ length: ROUNDS }, () => alice.post(url)));
    const codes = statuses(answers);
    expect(
      codes.filter((s) => s === 202),
      String(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((s) => s >= 500),
      String(codes),
    ).toEqual([]);
    expect(await publishedFiles(draft.id)).toEqual({ 'kept.bin': md5(bytes) });
    const entries = await t.db
      .select({ draft: fileEntries.draft })
      .from(fileEntries)
      .where(eq(fileEntries.recordId, draft.id));
    expect(entries).toEqual([{ draft: false }]);
  });
});

describe('concurrent version and edit requests', () => {
  it('10 concurrent new versions open one draft, and all answer it', async () => {
    const record = await publishRecord(alice);
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, () => alice.post(`/api/records/${record.id}/versions`)),
    );
    expect(statuses(answers)).toEqual(Array(ROUNDS).fill(201));
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    const open = await draftsOfParent(record.parent.id);
    expect(open).toHaveLength(1);
    expect(answers[0]!.json.versions.index).toBe(2);
  });

  it('10 concurrent edits open one draft with the published files, no 500', async () => {
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'one.bin', someBytes(1000, 3));
    expect((await alice.post(`/api/records/${draft.id}/draft/actions/publish`)).status).toBe(202);
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, () => alice.post(`/api/records/${draft.id}/draft`)),
    );
    expect(statuses(answers)).toEqual(Array(ROUNDS).fill(201));
    const open = await t.db.select({ id: drafts.id }).from(drafts).where(eq(drafts.id, draft.id));
    expect(open).toHaveLength(1);
    const draftFiles = await alice.get(`/api/records/${draft.id}/draft/files`);
    expect(draftFiles.json.entries.map((e: { key: string }) => e.key)).toEqual(['one.bin']);
  });
});

describe('concurrent saves with If-Match', () => {
  it('50 saves of one revision: each a new revision or 412, none lost', async () => {
    const created = await alice.post('/api/records', publishable('Revision 0'));
    const id = created.json.id as string;
    const revision = created.json.revision_id as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        alice.put(`/api/records/${id}/draft`, publishable(`Save ${i}`), {
          headers: { 'if-match': `"${revision}"` },
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((s) => s === 200 || s === 412),
      String(codes),
    ).toBe(true);
    const saved = answers.filter((a) => a.status === 200);
    expect(saved).toHaveLength(1);
    // Every success has a revision of its own; the draft holds the newest of them.
    const revisions = saved.map((a) => a.json.revision_id as number);
    expect(new Set(revisions).size).toBe(saved.length);
    const last = saved.reduce((a, b) => (a.json.revision_id > b.json.revision_id ? a : b));
    const final = await alice.get(`/api/records/${id}/draft`);
    expect(final.json.revision_id).toBe(last.json.revision_id);
    expect(final.json.metadata.title).toBe(last.json.metadata.title);
  });

  it('50 clients saving in turn (read, save with If-Match, again on 412) lose nothing', async () => {
    const created = await alice.post('/api/records', publishable('Chain 0'));
    const id = created.json.id as string;
    const url = `/api/records/${id}/draft`;
    // Each client appends its mark to the description; a lost update would drop a mark.
    const save = async (i: number) => {
      for (;;) {
        const current = await alice.get(url);
        const description = `${current.json.metadata.description ?? ''}[${i}]`;
        const body = publishable(`Chain ${i}`);
        const answer = await alice.put(
          url,
          { ...body, metadata: { ...body.metadata, description } },
          { headers: { 'if-match': `"${current.json.revision_id}"` } },
        );
        expect([200, 412]).toContain(answer.status);
        if (answer.status === 200) return answer.json.revision_id as number;
      }
    };
    const revisions = await Promise.all(Array.from({ length: 50 }, (_, i) => save(i)));
    expect(new Set(revisions).size).toBe(50);
    const final = await alice.get(url);
    const marks = String(final.json.metadata.description).match(/\[\d+\]/g) ?? [];
    expect(marks.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `[${i}]`).sort());
    const [row] = await t.db.select().from(records).where(eq(records.id, id));
    expect(row).toBeUndefined();
  }, 120_000);
});
