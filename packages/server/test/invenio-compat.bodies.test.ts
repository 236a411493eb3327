// InvenioRDM wire compatibility (issue 19): request bodies that are empty
// mean "nothing", editing a draft that was never published returns it,
// files-import needs a previous version, and a request timeline counts
// its events as InvenioRDM does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishRecord } from './records.helpers.ts';

let t: TestApp;
let uploader: TestClient;
let curator: TestClient;
let community: { id: string };
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const u = await loggedIn(t, 'Uli Uploader');
  const c = await loggedIn(t, 'Carol Curator');
  [uploader, curator] = [u.client, c.client];
  community = await createCommunity(curator, 'lab');
  await addMembers(curator, community.id, [u.user.id], 'reader');
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
/** The three ways a client says "no data": no body, `{}` and `[]`. */
const EMPTY_BODIES = [
  ['no body', { headers: json }],
  ['{}', { payload: '{}', headers: json }],
  ['[]', { payload: '[]', headers: json }],
] as const;

async function draftInReview(title: string) {
  const draft = (await createDraft(uploader)).json;
  const put = await uploader.put(`/api/records/${draft.id}/draft/review`, {
    type: 'community-submission',
    receiver: { community: community.id },
  });
  expect(put.status, put.body).toBe(200);
  await uploader.put(`/api/records/${draft.id}/draft`, {
    ...draft,
    metadata: { ...draft.metadata, title },
  });
  return draft as { id: string; links: Record<string, string> };
}

// invenio-records-resources resources/records/resource.py `create` passes
// `resource_requestctx.data or {}`: no data creates an empty draft
// (invenio-drafts-resources tests/resources/test_record_resource.py
// test_create_draft answers 201 with id, metadata, created, updated, links).
describe('POST /api/records with an empty body', () => {
  it.each([
    ['no body, no content type', {}],
    ['an empty JSON body', { payload: '', headers: json }],
  ] as const)('creates an empty draft from %s', async (_label, options) => {
    const response = await uploader.request('POST', '/api/records', options);
    expect(response.status, response.body).toBe(201);
    for (const field of ['id', 'metadata', 'created', 'updated', 'links']) {
      expect(response.json).toHaveProperty(field);
    }
    expect(response.json.metadata).toEqual({});
    expect(response.json.status).toBe('draft');
  });
});

// invenio-rdm-records tests/resources/test_resources_review.py
// test_delete_no_review: POST …/actions/submit-review without a body → 202.
describe('submit-review and cancel without a comment', () => {
  it.each(EMPTY_BODIES)('submits for review with %s: 202, and no comment', async (label, body) => {
    const draft = await draftInReview(`Empty body ${label}`);
    const submit = await uploader.request(
      'POST',
      `/api/records/${draft.id}/draft/actions/submit-review`,
      body,
    );
    expect(submit.status, submit.body).toBe(202);
    expect(submit.json.status).toBe('submitted');
    const timeline = await uploader.get(`/api/requests/${submit.json.id}/timeline`);
    expect(timeline.json.hits.total).toBe(0);
  });

  it('cancels a request with no body, {} or []: 200, cancelled', async () => {
    for (const [label, body] of EMPTY_BODIES) {
      const draft = await draftInReview(`Cancel ${label}`);
      const submit = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(submit.status, submit.body).toBe(202);
      const cancel = await uploader.request(
        'POST',
        `/api/requests/${submit.json.id}/actions/cancel`,
        body,
      );
      expect(cancel.status, `${label}: ${cancel.body}`).toBe(200);
      expect(cancel.json.status).toBe('cancelled');
    }
  });
});

// invenio-rdm-records tests/resources/test_resources_review.py test_simple_flow:
// submitting with a comment leaves one event in the timeline (the comment:
// invenio-requests customizations/actions.py SubmitAction logs no event);
// accepting with a comment makes three (submit comment, accept log, accept comment).
describe('request timeline', () => {
  it('counts the submit comment only, then the accept log and comment', async () => {
    const draft = await draftInReview('Timeline counts');
    const comment = { payload: { content: 'What do you think?', format: 'html' } };
    const submit = await uploader.post(
      `/api/records/${draft.id}/draft/actions/submit-review`,
      comment,
    );
    expect(submit.status, submit.body).toBe(202);
    const request = submit.json as { id: string; links: Record<string, string> };
    const before = await uploader.get(`/api/requests/${request.id}/timeline`);
    expect(before.status).toBe(200);
    expect(before.json.hits.total).toBe(1);
    expect(before.json.hits.hits.map((e: { type: string }) => e.type)).toEqual(['C']);

    const accept = await curator.post(`/api/requests/${request.id}/actions/accept`, {
      payload: { content: 'Awesome stuff', format: 'html' },
    });
    expect(accept.status, accept.body).toBe(200);
    expect(accept.json.status).toBe('accepted');
    const after = await uploader.get(`/api/requests/${request.id}/timeline`);
    expect(after.json.hits.total).toBe(3);
  });
});

// invenio-drafts-resources services/records/service.py `edit` returns the
// draft when one exists (before looking for a published record);
// tests/resources/test_record_resource.py test_mutiple_edit: each
// POST …/draft answers 201 with the same draft.
describe('POST /api/records/{id}/draft on a draft', () => {
  it('returns a never-published draft with 201, unchanged', async () => {
    const draft = (await createDraft(uploader)).json;
    for (let round = 0; round < 2; round += 1) {
      const edit = await uploader.post(`/api/records/${draft.id}/draft`);
      expect(edit.status, edit.body).toBe(201);
      expect(edit.json.id).toBe(draft.id);
      expect(edit.json.revision_id).toBe(draft.revision_id);
      expect(edit.json.is_published).toBe(false);
    }
  });

  it("returns a new version's draft with 201", async () => {
    const record = await publishRecord(uploader);
    const next = await uploader.post(`/api/records/${record.id}/versions`);
    expect(next.status).toBe(201);
    const edit = await uploader.post(`/api/records/${next.json.id}/draft`);
    expect(edit.status, edit.body).toBe(201);
    expect(edit.json.id).toBe(next.json.id);
    expect(edit.json.status).toBe('new_version_draft');
  });

  it('refuses it to someone who may not edit it (403)', async () => {
    const draft = (await createDraft(uploader)).json;
    const edit = await curator.post(`/api/records/${draft.id}/draft`);
    expect(edit.status).toBe(403);
  });
});

// invenio-drafts-resources services/records/service.py `import_files` reads
// the latest published version first: a first version has none, and
// records-resources answers NoResultFound with 404 "Not found.".
describe('files-import on a first version', () => {
  it('answers 404', async () => {
    const draft = (await createDraft(uploader, { files: { enabled: true } })).json;
    const response = await uploader.post(`/api/records/${draft.id}/draft/actions/files-import`);
    expect(response.status, response.body).toBe(404);
    expect(response.json).toEqual({ status: 404, message: 'Not found.' });
  });
});
