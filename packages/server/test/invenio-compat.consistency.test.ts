// InvenioRDM wire compatibility (issue 19): no contradictory draft is ever
// saved, a deleted file is no longer the default preview, and an empty
// external DOI is reported rather than dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drafts } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishable } from './records.helpers.ts';
import { draftWithFiles, fileUrl, someBytes, uploadFile } from './files.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

async function stored(id: string) {
  const [row] = await t.db.select().from(drafts).where(eq(drafts.id, id));
  return row!.document as { files: { enabled: boolean; default_preview?: string } };
}

// invenio-records-resources services/files/components (FileOptionsComponent,
// _validate_files_enabled): files.enabled cannot become false while the
// record has files; the draft keeps files enabled.
describe('metadata-only with files attached', () => {
  it('reports the error on files.enabled and keeps files enabled', async () => {
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'data.csv', someBytes(64));
    const saved = await alice.put(`/api/records/${draft.id}/draft`, {
      ...publishable('A draft with files'),
      files: { enabled: false },
    });
    expect(saved.status).toBe(200);
    expect(fieldErrors(saved)['files.enabled']).toEqual([
      'A record with files cannot be metadata-only. Remove the files first to mark it as metadata-only.',
    ]);
    expect(saved.json.files.enabled).toBe(true);
    expect((await stored(draft.id)).files.enabled).toBe(true);
    const read = await alice.get(`/api/records/${draft.id}/draft`);
    expect(read.json.files.enabled).toBe(true);
    expect(fieldErrors(read)['files.enabled']).toBeUndefined();
    const publish = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(publish.status, publish.body).toBe(202);
    expect(publish.json.files.enabled).toBe(true);
  });
});

// invenio-records-resources records/systemfields/files/manager.py
// (FilesManager.delete): deleting the default preview's file clears
// default_preview.
describe('default preview of a deleted file', () => {
  it('is set to null when its file is deleted, and never published', async () => {
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'figure.png', someBytes(32));
    await uploadFile(alice, draft.id, 'data.csv', someBytes(64, 2));
    const saved = await alice.put(`/api/records/${draft.id}/draft`, {
      ...publishable('A draft with files'),
      files: { enabled: true, default_preview: 'figure.png' },
    });
    expect(fieldErrors(saved)).toEqual({});
    expect(saved.json.files.default_preview).toBe('figure.png');
    // Another file going changes nothing.
    await uploadFile(alice, draft.id, 'notes.txt', someBytes(16, 3));
    expect((await alice.delete(fileUrl(draft.id, 'notes.txt'))).status).toBe(204);
    expect((await stored(draft.id)).files.default_preview).toBe('figure.png');

    expect((await alice.delete(fileUrl(draft.id, 'figure.png'))).status).toBe(204);
    const read = await alice.get(`/api/records/${draft.id}/draft`);
    expect(read.json.files.default_preview ?? null).toBeNull();
    expect(fieldErrors(read)).toEqual({});
    expect((await stored(draft.id)).files.default_preview).toBeUndefined();
    const publish = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(publish.status, publish.body).toBe(202);
    expect(publish.json.files.default_preview ?? null).toBeNull();
  });
});

// invenio-rdm-records tests/resources/test_resources_pids.py
// test_external_doi_required: an external DOI with an empty identifier
// creates the draft (201), is kept in pids, and is reported on pids.doi as
// "Missing DOI for required field."; publishing is refused.
describe('empty external DOI', () => {
  it.each([
    ['an empty identifier', { provider: 'external', identifier: '' }],
    ['no identifier', { provider: 'external' }],
  ])('is kept and reported with %s', async (_label, doi) => {
    const draft = await createDraft(alice, { ...publishable(), pids: { doi } });
    expect(draft.json.errors).toEqual([
      { field: 'pids.doi', messages: ['Missing DOI for required field.'], severity: 'error' },
    ]);
    expect(draft.json.pids).toEqual({ doi: { provider: 'external', identifier: '' } });
    const publish = await alice.post(`/api/records/${draft.json.id}/draft/actions/publish`);
    expect(publish.status).toBe(400);
    expect(fieldErrors(publish)['pids.doi']).toEqual(['Missing DOI for required field.']);

    // Filled in, it publishes.
    const saved = await alice.put(`/api/records/${draft.json.id}/draft`, {
      ...publishable(),
      pids: { doi: { provider: 'external', identifier: `10.4321/${draft.json.id}` } },
    });
    expect(fieldErrors(saved)).toEqual({});
    const published = await alice.post(`/api/records/${draft.json.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    expect(published.json.pids.doi).toEqual({
      provider: 'external',
      identifier: `10.4321/${draft.json.id}`,
    });
  });
});
