import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import { uploadFile } from './files.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';
import { loadRecordContext, withSavedDraft } from '../src/services/records/context.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let lab: { id: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  owner = o.client;
  ownerId = o.user.id;
  // Someone else's community: its owner's own submissions would be included at once.
  lab = await createCommunity((await loggedIn(t, 'Lab Owner')).client, 'context-lab');
});
afterAll(() => t.close());

/** A draft with one file, submitted for review to `lab`. */
async function submittedDraft(title: string) {
  const draft = (await createDraft(owner, publishable(title, { files: { enabled: true } }))).json;
  await uploadFile(owner, draft.id, 'data.csv', Buffer.from('a,b\n1,2\n'));
  const put = await owner.put(`/api/records/${draft.id}/draft/review`, {
    receiver: { community: lab.id },
    type: 'community-submission',
  });
  expect(put.status, put.body).toBe(200);
  const submit = await owner.post(`/api/records/${draft.id}/draft/actions/submit-review`, {
    payload: { content: '<p>Please.</p>', format: 'html' },
  });
  expect(submit.status, submit.body).toBe(202);
  return draft.id as string;
}

describe('record context', () => {
  it('reads a submitted draft with its files, review and the facts derived from them', async () => {
    const id = await submittedDraft('Context draft');
    const context = (await loadRecordContext(t.db, id, 'draft'))!;
    expect(context.scope).toBe('draft');
    expect(context.row.id).toBe(id);
    expect(context.document.metadata.title).toBe('Context draft');
    expect(context.files.entries?.map((f) => f.entry.key)).toEqual(['data.csv']);
    expect(context.files).toMatchObject({ count: 1, completed: 1 });
    expect(context.review?.status).toBe('submitted');
    expect(context.openReview?.receiverId).toBe(lab.id);
    expect(context.published).toBe(false);
    expect(context.quota).toBeUndefined();
    expect(context.facts).toMatchObject({
      parentId: context.parent.id,
      ownerId,
      published: false,
      reviewCommunity: lab.id,
      communities: [],
      access: { record: 'public', files: 'public', embargoActive: false },
    });
  });

  it('reads a record in a transaction, with its quota when asked', async () => {
    const draft = (await createDraft(owner, publishable('Context record'))).json;
    expect((await owner.post(`/api/records/${draft.id}/draft/actions/publish`)).status).toBe(202);
    const quota = { maxFiles: 3, maxBytes: 1000 };
    const context = await t.db.transaction((tx) =>
      loadRecordContext(tx, draft.id, 'record', { defaultQuota: quota }),
    );
    expect(context?.scope).toBe('record');
    expect(context?.published).toBe(true);
    expect(context?.versions).toEqual({ index: 1, isLatest: true, isLatestDraft: false });
    expect(context?.facts.reviewCommunity).toBeNull();
    expect(context?.quota).toEqual(quota);
    expect(await loadRecordContext(t.db, draft.id, 'draft')).toBeUndefined();
  });

  it('derives the facts again after a save, from the saved document', async () => {
    const draft = (await createDraft(owner, publishable('Context save'))).json;
    const context = (await loadRecordContext(t.db, draft.id, 'draft'))!;
    const document = structuredClone(context.document);
    document.access = { ...document.access, record: 'restricted', files: 'restricted' };
    const saved = withSavedDraft(context, context.row, document);
    expect(saved.facts.access).toMatchObject({ record: 'restricted', files: 'restricted' });
    expect(context.facts.access).toMatchObject({ record: 'public', files: 'public' });
    expect(saved.files).toBe(context.files);
  });
});
