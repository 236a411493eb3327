import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, fileUrl, uploadFile } from './files.helpers.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;

async function signedIn(fullName: string) {
  const user = await buildUser(t.services, { fullName });
  const client = t.client();
  await client.login(user.email);
  return client;
}

/** Publishes a first version with files, then a second one changing some of them. */
async function twoVersions(access?: { record: string; files: string }) {
  const accessPart = access ? { access: { ...access, embargo: { active: false } } } : {};
  const draft = await draftWithFiles(alice, { ...accessPart, metadata: v1Metadata() });
  await uploadFile(alice, draft.id, 'data.csv', Buffer.from('site,value\nA,1\nB,2\nC,3\n'));
  await uploadFile(alice, draft.id, 'notes.txt', Buffer.from('unchanged notes\n'));
  await uploadFile(alice, draft.id, 'old.bin', Buffer.from([0, 1, 2, 3]));
  const first = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
  expect(first.status, first.body).toBe(202);
  const next = (await alice.post(`/api/records/${draft.id}/versions`)).json;
  expect((await alice.post(`/api/records/${next.id}/draft/actions/files-import`)).status).toBe(201);
  await alice.delete(fileUrl(next.id, 'old.bin'));
  await alice.delete(fileUrl(next.id, 'data.csv'));
  await uploadFile(alice, next.id, 'data.csv', Buffer.from('site,value\nA,1\nB,5\nC,3\n'));
  await uploadFile(alice, next.id, 'new.txt', Buffer.from('fresh\n'));
  const metadata = v1Metadata();
  metadata.title = 'Soil moisture, revised';
  metadata.version = 'v2';
  metadata.rights = [{ id: 'cc0-1.0' }];
  metadata.creators.push({
    person_or_org: { type: 'personal', family_name: 'Roe', given_name: 'Rick' },
  });
  const saved = await alice.put(`/api/records/${next.id}/draft`, {
    ...next,
    metadata,
  });
  expect(saved.status, saved.body).toBe(200);
  const second = await alice.post(`/api/records/${next.id}/draft/actions/publish`);
  expect(second.status, second.body).toBe(202);
  return { v1: first.json.id as string, v2: second.json.id as string };
}

function v1Metadata() {
  const { metadata } = publishable('Soil moisture');
  return {
    ...metadata,
    version: 'v1',
    rights: [{ id: 'cc-by-4.0' }],
    creators: [...metadata.creators] as Record<string, unknown>[],
  } as typeof metadata & {
    version: string;
    rights: { id: string }[];
    creators: Record<string, unknown>[];
  };
}

let open: { v1: string; v2: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  alice = await signedIn('Alice Owner');
  bob = await signedIn('Bob Stranger');
  open = await twoVersions();
});
afterAll(() => t.close());

describe('GET /api/records/{id}/diff/{other}', () => {
  it('lists metadata changes, files added, removed and changed, and changed lines', async () => {
    const diff = await t.client().get(`/api/records/${open.v2}/diff/${open.v1}`);
    expect(diff.status, diff.body).toBe(200);
    // Older to newer, whichever was named first.
    expect(diff.json.from).toMatchObject({ id: open.v1, index: 1, version: 'v1' });
    expect(diff.json.to).toMatchObject({ id: open.v2, index: 2, version: 'v2' });
    expect(diff.json.metadata).toEqual(
      expect.arrayContaining([
        {
          field: 'metadata.title',
          kind: 'changed',
          before: 'Soil moisture',
          after: 'Soil moisture, revised',
        },
        { field: 'metadata.version', kind: 'changed', before: 'v1', after: 'v2' },
        { field: 'metadata.creators', kind: 'added', after: 'Roe, Rick' },
        {
          field: 'metadata.rights',
          kind: 'changed',
          before: 'Creative Commons Attribution 4.0 International',
          after: 'Creative Commons Zero v1.0 Universal',
        },
      ]),
    );
    const { files } = diff.json;
    expect(files.added.map((f: { key: string }) => f.key)).toEqual(['new.txt']);
    expect(files.removed.map((f: { key: string }) => f.key)).toEqual(['old.bin']);
    expect(files.unchanged).toBe(1);
    expect(files.changed).toHaveLength(1);
    const [csv] = files.changed;
    expect(csv.key).toBe('data.csv');
    expect(csv.before.checksum).not.toBe(csv.after.checksum);
    expect(csv.lines.truncated).toBe(false);
    expect(csv.lines.hunks.flatMap((h: { lines: string[] }) => h.lines)).toEqual([
      ' site,value',
      ' A,1',
      '-B,2',
      '+B,5',
      ' C,3',
    ]);
  });

  it('answers a version with itself with no changes', async () => {
    const diff = await alice.get(`/api/records/${open.v1}/diff/${open.v1}`);
    expect(diff.status).toBe(200);
    expect(diff.json.metadata).toEqual([]);
    expect(diff.json.files).toMatchObject({ added: [], removed: [], changed: [], unchanged: 3 });
  });

  it('refuses versions of different records, naming the parameter', async () => {
    const other = await publishRecord(alice, publishable('Another record'));
    const diff = await alice.get(`/api/records/${open.v1}/diff/${other.id}`);
    expect(diff.status).toBe(400);
    expect(fieldErrors(diff)).toEqual({ other: ['Not a version of the same record.'] });
  });

  it("answers another user's draft as a record read does, whichever side it is on", async () => {
    const draft = (await createDraft(bob)).json;
    const read = await alice.get(`/api/records/${draft.id}`);
    expect(read.status).toBe(404);
    expect((await alice.get(`/api/records/${open.v1}/diff/${draft.id}`)).status).toBe(404);
    expect((await alice.get(`/api/records/${draft.id}/diff/${open.v1}`)).status).toBe(404);
  });

  it('tells those who may not see a restricted record no more than a read does', async () => {
    const hidden = await twoVersions({ record: 'restricted', files: 'restricted' });
    for (const client of [t.client(), bob]) {
      const read = await client.get(`/api/records/${hidden.v1}`);
      const diff = await client.get(`/api/records/${hidden.v1}/diff/${hidden.v2}`);
      expect(read.status).toBeGreaterThanOrEqual(400);
      expect(diff.status).toBe(read.status);
      expect(diff.body).not.toContain('Soil');
      // Not even whether a public version shares its parent.
      expect((await client.get(`/api/records/${open.v1}/diff/${hidden.v2}`)).status).toBe(
        read.status,
      );
    }
    const owner = await alice.get(`/api/records/${hidden.v1}/diff/${hidden.v2}`);
    expect(owner.status).toBe(200);
    expect(owner.json.files.changed).toHaveLength(1);
  });

  it('compares no files when the caller may not read them', async () => {
    const metadataOnly = await twoVersions({ record: 'public', files: 'restricted' });
    const diff = await bob.get(`/api/records/${metadataOnly.v1}/diff/${metadataOnly.v2}`);
    expect(diff.status).toBe(200);
    expect(diff.json.metadata.length).toBeGreaterThan(0);
    expect(diff.json.files).toBeNull();
    expect(diff.body).not.toContain('data.csv');
  });
});
