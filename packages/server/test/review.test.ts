import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let curator: TestClient;
let manager: TestClient;
let reader: TestClient;
let uploader: TestClient;
let stranger: TestClient;
let lab: { id: string };
let closedLab: { id: string };
let restrictedLab: { id: string };
let membersOnly: { id: string };
let themed: { id: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  const c = await loggedIn(t, 'Carol Curator');
  const m = await loggedIn(t, 'Mo Manager');
  const r = await loggedIn(t, 'Rae Reader');
  const u = await loggedIn(t, 'Uli Uploader');
  const s = await loggedIn(t, 'Sid Stranger');
  [owner, curator, manager, reader, uploader, stranger] = [
    o.client,
    c.client,
    m.client,
    r.client,
    u.client,
    s.client,
  ];
  lab = await createCommunity(owner, 'lab');
  closedLab = await createCommunity(owner, 'closed-review', {
    access: { review_policy: 'closed' },
  });
  restrictedLab = await createCommunity(owner, 'restricted-lab', {
    access: { visibility: 'restricted' },
  });
  membersOnly = await createCommunity(owner, 'members-only', {
    access: { record_submission_policy: 'closed' },
  });
  themed = await createCommunity(owner, 'themed', { theme: { enabled: true } });
  for (const community of [lab, closedLab, restrictedLab, membersOnly, themed]) {
    await addMembers(owner, community.id, [c.user.id], 'curator');
    await addMembers(owner, community.id, [m.user.id], 'manager');
    await addMembers(owner, community.id, [r.user.id], 'reader');
  }
  // The uploader may submit to the restricted community: they are a reader there.
  await addMembers(owner, restrictedLab.id, [u.user.id], 'reader');
});
afterAll(() => t.close());

const review = (communityId: string) => ({
  receiver: { community: communityId },
  type: 'community-submission',
});
const comment = (content: string) => ({ payload: { content, format: 'html' } });

async function draftWithReview(client: TestClient, communityId: string, title: string) {
  const draft = (await createDraft(client, publishable(title))).json;
  const put = await client.put(`/api/records/${draft.id}/draft/review`, review(communityId));
  expect(put.status, put.body).toBe(200);
  return { draft, request: put.json };
}

async function submitted(client: TestClient, communityId: string, title: string) {
  const { draft } = await draftWithReview(client, communityId, title);
  const submit = await client.post(
    `/api/records/${draft.id}/draft/actions/submit-review`,
    comment('<p>Please review.</p>'),
  );
  expect(submit.status, submit.body).toBe(202);
  return { draft, request: submit.json };
}

const statusOf = async (client: TestClient, id: string) =>
  (await client.get(`/api/records/${id}/draft`)).json.status;

describe('submit, comment and accept', () => {
  it('runs the whole review and publishes the draft into the community', async () => {
    const draft = (await createDraft(uploader, publishable('Lake sediment cores'))).json;
    expect(draft.status).toBe('draft');
    expect(draft.links['submit-review']).toBeUndefined();

    const put = await uploader.put(`/api/records/${draft.id}/draft/review`, review(lab.id));
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({
      type: 'community-submission',
      status: 'created',
      receiver: { community: lab.id },
      topic: { record: draft.id },
      is_open: false,
    });
    const withReview = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(withReview.status).toBe('draft_with_review');
    expect(withReview.parent.review).toMatchObject({
      id: put.json.id,
      status: 'created',
      receiver: { community: lab.id },
    });
    const expanded = (await uploader.get(`/api/records/${draft.id}/draft?expand=1`)).json;
    expect(expanded.expanded.parent.review.receiver).toMatchObject({
      id: lab.id,
      slug: 'lab',
      links: { logo: `http://arca.test/api/communities/${lab.id}/logo` },
      ui: { permissions: { can_submit_record: true, can_include_directly: false } },
    });
    expect(withReview.links['submit-review']).toBe(
      `http://arca.test/api/records/${draft.id}/draft/actions/submit-review`,
    );
    // Before submission the community's curators see nothing.
    expect((await curator.get(`/api/records/${draft.id}/draft`)).status).toBe(403);
    expect((await curator.get(`/api/requests/${put.json.id}`)).status).toBe(403);
    expect((await curator.get('/api/user/requests?q=sediment')).json.hits.total).toBe(0);

    const submit = await uploader.post(
      `/api/records/${draft.id}/draft/actions/submit-review`,
      comment('<p>Ready for you.</p>'),
    );
    expect(submit.status).toBe(202);
    expect(submit.json).toMatchObject({ status: 'submitted', is_open: true });
    expect(submit.json.links.next_html).toBe(`http://arca.test/me/requests/${put.json.id}`);
    expect(Object.keys(submit.json.links.actions)).toEqual(['cancel']);
    const inReview = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(inReview.status).toBe('in_review');
    expect(inReview.links.actions.cancel).toBe(
      `http://arca.test/api/requests/${put.json.id}/actions/cancel`,
    );

    // Curators (and managers, owners) read and edit the submission; readers and strangers do not.
    for (const client of [curator, manager, owner])
      expect((await client.get(`/api/records/${draft.id}/draft`)).status).toBe(200);
    for (const client of [reader, stranger])
      expect((await client.get(`/api/records/${draft.id}/draft`)).status).toBe(403);
    const edited = await curator.put(
      `/api/records/${draft.id}/draft`,
      publishable('Lake sediment cores, curated'),
    );
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json.status).toBe('in_review');
    expect((await reader.put(`/api/records/${draft.id}/draft`, publishable('x'))).status).toBe(403);

    // What each may do with the request, as links.
    const asCurator = await curator.get(`/api/requests/${put.json.id}`);
    expect(Object.keys(asCurator.json.links.actions).sort()).toEqual(['accept', 'decline']);
    expect((await stranger.get(`/api/requests/${put.json.id}`)).status).toBe(403);
    expect((await reader.get(`/api/requests/${put.json.id}`)).status).toBe(403);

    // While open: no discard, no publish, no review removal, no change of community.
    const discard = await uploader.delete(`/api/records/${draft.id}/draft`);
    expect(discard.status).toBe(400);
    expect(discard.json.message).toBe(
      'You cannot delete a draft with an open review. Please cancel the review first.',
    );
    const publish = await uploader.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(publish.status).toBe(400);
    expect((await uploader.delete(`/api/records/${draft.id}/draft/review`)).json.message).toBe(
      'An open review cannot be deleted.',
    );
    expect(
      (await uploader.put(`/api/records/${draft.id}/draft/review`, review(closedLab.id))).status,
    ).toBe(400);
    const again = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(again.status).toBe(400);

    // The uploader may not accept their own submission.
    expect((await uploader.post(`/api/requests/${put.json.id}/actions/accept`)).status).toBe(403);

    const accept = await curator.post(
      `/api/requests/${put.json.id}/actions/accept`,
      comment('<p>Welcome!</p>'),
    );
    expect(accept.status, accept.body).toBe(200);
    expect(accept.json).toMatchObject({ status: 'accepted', is_closed: true });
    expect(accept.json.links.actions).toEqual({});

    const record = await t.client().get(`/api/records/${draft.id}`);
    expect(record.status).toBe(200);
    expect(record.json.status).toBe('published');
    expect(record.json.metadata.title).toBe('Lake sediment cores, curated');
    expect(record.json.parent.communities).toMatchObject({ ids: [lab.id], default: lab.id });
    expect(record.json.parent.communities.entries.map((c: { id: string }) => c.id)).toEqual([
      lab.id,
    ]);
    expect((await uploader.get(`/api/records/${draft.id}/draft`)).status).toBe(404);

    // The timeline tells the story: submitted (with its comment), accepted (with its comment).
    const timeline = await uploader.get(`/api/requests/${put.json.id}/timeline`);
    expect(
      (
        timeline.json.hits.hits as { type: string; payload: { event?: string; content: string } }[]
      ).map((e) => (e.type === 'L' ? `L:${e.payload.event}` : `C:${e.payload.content}`)),
    ).toEqual(['C:<p>Ready for you.</p>', 'L:submitted', 'C:<p>Welcome!</p>', 'L:accepted']);

    // The community's curators now manage the record: they may open an edit draft.
    expect((await curator.post(`/api/records/${draft.id}/draft`)).status).toBe(201);
    expect((await reader.post(`/api/records/${draft.id}/draft`)).status).toBe(403);
  });
});

describe('decline, cancel and expire', () => {
  it('decline keeps the review (declined); the uploader may then resubmit', async () => {
    const { draft, request } = await submitted(uploader, lab.id, 'Declined dataset');
    const decline = await curator.post(
      `/api/requests/${request.id}/actions/decline`,
      comment('<p>Out of scope.</p>'),
    );
    expect(decline.status).toBe(200);
    expect(decline.json.status).toBe('declined');
    const declined = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(declined.status).toBe('declined');
    expect(declined.parent.review.status).toBe('declined');
    // Curators no longer review it.
    expect((await curator.get(`/api/records/${draft.id}/draft`)).status).toBe(403);
    // A closed request takes no more actions.
    expect((await curator.post(`/api/requests/${request.id}/actions/accept`)).status).toBe(400);

    const resubmit = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(resubmit.status, resubmit.body).toBe(202);
    expect(resubmit.json.status).toBe('submitted');
    expect(resubmit.json.id).not.toBe(request.id);
    expect(await statusOf(uploader, draft.id)).toBe('in_review');
  });

  it('cancel (through the draft link) removes the review: the draft is a plain draft again', async () => {
    const { draft } = await submitted(uploader, lab.id, 'Cancelled dataset');
    const cancelLink = (await uploader.get(`/api/records/${draft.id}/draft`)).json.links.actions
      .cancel as string;
    const cancel = await uploader.post(
      cancelLink.replace('http://arca.test', ''),
      comment('<p>Wrong community.</p>'),
    );
    expect(cancel.status).toBe(200);
    expect(cancel.json.status).toBe('cancelled');
    const after = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(after.status).toBe('draft');
    expect(after.parent.review).toBeUndefined();
    expect(after.links['submit-review']).toBeUndefined();
    // A curator cannot cancel someone's submission.
    const other = await submitted(uploader, lab.id, 'Not yours to cancel');
    expect((await curator.post(`/api/requests/${other.request.id}/actions/cancel`)).status).toBe(
      403,
    );
    // Now discarding works.
    expect((await uploader.delete(`/api/records/${draft.id}/draft`)).status).toBe(204);
  });

  it('expire: an open submission expires through the job queue after the configured days', async () => {
    const { draft, request } = await submitted(uploader, lab.id, 'Forgotten dataset');
    expect(request.expires_at).not.toBeNull();
    const days = (Date.parse(request.expires_at as string) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(t.config.requestExpiryDays);
    // Not yet due: nothing happens.
    await t.services.jobs.runDue(new Date());
    expect(await statusOf(uploader, draft.id)).toBe('in_review');
    await t.services.jobs.runDue(new Date(Date.now() + (days + 1) * 86_400_000));
    expect(await statusOf(uploader, draft.id)).toBe('expired');
    const expired = await uploader.get(`/api/requests/${request.id}`);
    expect(expired.json).toMatchObject({ status: 'expired', is_expired: true });
    const timeline = await uploader.get(`/api/requests/${request.id}/timeline`);
    expect(timeline.json.hits.hits.at(-1).payload.event).toBe('expired');
    // An expired review may be removed, and the draft discarded.
    expect((await uploader.delete(`/api/records/${draft.id}/draft/review`)).status).toBe(204);
    expect(await statusOf(uploader, draft.id)).toBe('draft');
  });
});

describe('submission refusals (SPEC §5)', () => {
  it('refuses a public record to a restricted community; choosing it restricts the draft', async () => {
    const { draft } = await draftWithReview(uploader, restrictedLab.id, 'Public to restricted');
    const chosen = (await uploader.get(`/api/records/${draft.id}/draft`)).json;
    expect(chosen.access).toMatchObject({ record: 'restricted', files: 'restricted' });
    // The uploader makes it public again: submitting is now refused.
    await uploader.put(`/api/records/${draft.id}/draft`, publishable('Public to restricted'));
    const refused = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed if the record is restricted.',
    );
    expect(await statusOf(uploader, draft.id)).toBe('draft_with_review');
  });

  it('refuses non-members where submission is for members only', async () => {
    const draft = (await createDraft(uploader, publishable('Members only'))).json;
    const refused = await uploader.put(
      `/api/records/${draft.id}/draft/review`,
      review(membersOnly.id),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed to community members.',
    );
    const picked = await uploader.get(`/api/communities/${membersOnly.id}`);
    expect(picked.json.ui.permissions.can_submit_record).toBe(false);
    // A reader of it may.
    await draftWithReview(reader, membersOnly.id, 'From a member');
  });

  it('refuses the generic form for a community with its own upload form', async () => {
    const draft = (await createDraft(uploader, publishable('Generic form'))).json;
    const refused = await uploader.put(`/api/records/${draft.id}/draft/review`, review(themed.id));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Submission to this community is only allowed through its own upload form.',
    );
    // The dedicated form gives the review when it creates the draft.
    const fromForm = await uploader.post('/api/records', {
      ...publishable('Dedicated form'),
      parent: { review: review(themed.id) },
    });
    expect(fromForm.status, fromForm.body).toBe(201);
    expect(fromForm.json.status).toBe('draft_with_review');
    expect(fromForm.json.parent.review.receiver).toEqual({ community: themed.id });
    // A refused review at creation leaves no draft behind.
    const before = (await uploader.get('/api/user/records?size=100')).json.hits.total;
    const refusedAtCreation = await uploader.post('/api/records', {
      ...publishable('Refused at creation'),
      parent: { review: review(membersOnly.id) },
    });
    expect(refusedAtCreation.status).toBe(403);
    expect((await uploader.get('/api/user/records?size=100')).json.hits.total).toBe(before);
    // Saving again with the same community is fine.
    const resave = await uploader.put(
      `/api/records/${fromForm.json.id}/draft/review`,
      review(themed.id),
    );
    expect(resave.status).toBe(200);
    expect(resave.json.id).toBe(fromForm.json.parent.review.id);
    const submit = await uploader.post(
      `/api/records/${fromForm.json.id}/draft/actions/submit-review`,
    );
    expect(submit.status).toBe(202);
  });

  it('checks the review body, the community, the draft and its status', async () => {
    const draft = (await createDraft(uploader, publishable('Checks'))).json;
    const url = `/api/records/${draft.id}/draft/review`;
    const badType = await uploader.put(url, { ...review(lab.id), type: 'community-inclusion' });
    expect(badType.json).toMatchObject({ status: 400, message: 'Invalid review type.' });
    const missing = await uploader.put(url, { type: 'community-submission' });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing)['receiver']).toBeDefined();
    const unknown = await uploader.put(url, review('00000000-0000-0000-0000-000000000000'));
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)['receiver.community']).toEqual(['The community was not found.']);
    // A restricted community is unknown to those who cannot see it.
    const hidden = await stranger.post('/api/records', publishable('Stranger draft'));
    const hiddenPut = await stranger.put(
      `/api/records/${hidden.json.id}/draft/review`,
      review(restrictedLab.id),
    );
    expect(fieldErrors(hiddenPut)['receiver.community']).toEqual(['The community was not found.']);

    expect((await uploader.get(url)).json.message).toBe('Review for draft not found');
    expect((await uploader.delete(url)).status).toBe(404);
    const noReview = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(noReview.status).toBe(404);
    // Only those who manage the draft may choose its community.
    expect((await stranger.put(url, review(lab.id))).status).toBe(403);
    expect((await curator.put(url, review(lab.id))).status).toBe(403);

    // An incomplete draft is not submitted: its problems come back as field errors.
    const incomplete = (await createDraft(uploader, { metadata: { title: 'In' } })).json;
    await uploader.put(`/api/records/${incomplete.id}/draft/review`, review(lab.id));
    const invalid = await uploader.post(
      `/api/records/${incomplete.id}/draft/actions/submit-review`,
    );
    expect(invalid.status).toBe(400);
    expect(Object.keys(fieldErrors(invalid))).toEqual(
      expect.arrayContaining(['metadata.title', 'metadata.creators']),
    );
    expect(await statusOf(uploader, incomplete.id)).toBe('draft_with_review');

    // Published records and new versions take no review.
    const record = await publishRecord(uploader, publishable('Already out'));
    await uploader.post(`/api/records/${record.id}/draft`);
    const onPublished = await uploader.put(
      `/api/records/${record.id}/draft/review`,
      review(lab.id),
    );
    expect(onPublished.json.message).toBe(
      'You cannot create a review for an already published record.',
    );
    const version = await uploader.post(`/api/records/${record.id}/versions`);
    const onVersion = await uploader.put(
      `/api/records/${version.json.id}/draft/review`,
      review(lab.id),
    );
    expect(onVersion.json.message).toBe(
      'You cannot create a review for a new version of a published record.',
    );
    expect(version.json.status).toBe('new_version_draft');
  });

  it('blocks submission without a DOI where one is needed', async () => {
    const strict = await startTestApp({ vocabularies: true, env: { ARCA_DOI_REQUIRED: 'true' } });
    try {
      const o = await loggedIn(strict, 'Strict Owner');
      const community = await createCommunity(o.client, 'strict');
      const draft = (await createDraft(o.client, publishable('Needs a DOI'))).json;
      await o.client.put(`/api/records/${draft.id}/draft/review`, review(community.id));
      // The owner could include directly: the DOI check comes first.
      const refused = await o.client.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)['pids.doi']).toEqual([
        'DOI is needed. You need to reserve a DOI before submitting for review.',
      ]);
      await o.client.post(`/api/records/${draft.id}/draft/pids/doi`);
      const ok = await o.client.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(ok.status, ok.body).toBe(202);
    } finally {
      await strict.close();
    }
  });
});

describe('direct inclusion', () => {
  it('publishes at once when the submitter may include directly', async () => {
    const picker = await curator.get(`/api/communities/${lab.id}`);
    expect(picker.json.ui.permissions.can_include_directly).toBe(true);
    const { draft, request } = await submitted(curator, lab.id, 'Curator own dataset');
    expect(request.status).toBe('accepted');
    expect(request.links.next_html).toBe(`http://arca.test/records/${draft.id}`);
    const record = await t.client().get(`/api/records/${draft.id}`);
    expect(record.json.parent.communities.ids).toEqual([lab.id]);
    const timeline = await curator.get(`/api/requests/${request.id}/timeline`);
    expect(
      (timeline.json.hits.hits as { payload: { content: string } }[]).map((e) => e.payload.content),
    ).toContain('This request has been automatically accepted.');
  });

  it('goes through review when the review policy is closed, and for readers', async () => {
    const closed = await curator.get(`/api/communities/${closedLab.id}`);
    expect(closed.json.ui.permissions.can_include_directly).toBe(false);
    const viaClosed = await submitted(curator, closedLab.id, 'Curated but reviewed');
    expect(viaClosed.request.status).toBe('submitted');
    const viaReader = await submitted(reader, lab.id, 'Reader dataset');
    expect(viaReader.request.status).toBe('submitted');
  });
});

describe('records in restricted communities', () => {
  it('are visible to the community members, not to strangers', async () => {
    const draft = (
      await createDraft(
        uploader,
        publishable('Members-visible', { access: { record: 'restricted', files: 'restricted' } }),
      )
    ).json;
    await uploader.put(`/api/records/${draft.id}/draft/review`, review(restrictedLab.id));
    await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    const request = (await uploader.get(`/api/records/${draft.id}/draft/review`)).json;
    expect((await curator.post(`/api/requests/${request.id}/actions/accept`)).status).toBe(200);
    expect((await reader.get(`/api/records/${draft.id}`)).status).toBe(200);
    expect((await stranger.get(`/api/records/${draft.id}`)).status).toBe(403);
    const search = await reader.get('/api/records?q=members-visible');
    expect(search.json.hits.total).toBe(1);
    expect((await stranger.get('/api/records?q=members-visible')).json.hits.total).toBe(0);
  });
});

describe('permissions of each role on a submission', () => {
  it('follows the matrix: curating roles review, readers and strangers do not', async () => {
    const { draft, request } = await submitted(uploader, closedLab.id, 'Permission matrix');
    const anonymous = t.client();
    const roles: [string, TestClient, boolean, boolean][] = [
      // name, client, reviews (read/edit draft, accept), takes part (read request, comment)
      ['owner', owner, true, true],
      ['manager', manager, true, true],
      ['curator', curator, true, true],
      ['reader', reader, false, false],
      ['stranger', stranger, false, false],
      ['anonymous', anonymous, false, false],
      ['uploader', uploader, false, true],
    ];
    for (const [name, client, reviews, takesPart] of roles) {
      const readDraft = await client.get(`/api/records/${draft.id}/draft`);
      expect(readDraft.status, `${name} reads the draft`).toBe(
        reviews || name === 'uploader' ? 200 : 403,
      );
      const readRequest = await client.get(`/api/requests/${request.id}`);
      expect(readRequest.status, `${name} reads the request`).toBe(takesPart ? 200 : 403);
      const commented = await client.post(
        `/api/requests/${request.id}/comments`,
        comment(`<p>${name}</p>`),
      );
      expect(commented.status, `${name} comments`).toBe(takesPart ? 201 : 403);
      if (takesPart) {
        const actions = Object.keys(readRequest.json.links.actions).sort();
        expect(actions, `${name}'s actions`).toEqual(reviews ? ['accept', 'decline'] : ['cancel']);
      }
    }
    const accepted = await manager.post(`/api/requests/${request.id}/actions/accept`);
    expect(accepted.status).toBe(200);
    // Once in the community: curating roles manage the record, readers only see it.
    for (const [name, client, manages] of [
      ['owner', owner, true],
      ['manager', manager, true],
      ['curator', curator, true],
      ['reader', reader, false],
    ] as const) {
      const edit = await client.post(`/api/records/${draft.id}/draft`);
      expect(edit.status, `${name} opens an edit draft`).toBe(manages ? 201 : 403);
      const ui = await client.get(`/api/records/${draft.id}`, {
        headers: { accept: 'application/vnd.inveniordm.v1+json' },
      });
      expect(ui.json.ui.permissions.can_manage, `${name} can_manage`).toBe(manages);
    }
  });
});

describe('publishing without the community', () => {
  it('drops a review that was never submitted', async () => {
    const { draft, request } = await draftWithReview(uploader, lab.id, 'Published alone');
    const published = await uploader.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    expect(published.json.status).toBe('published');
    expect(published.json.parent.communities).toEqual({});
    expect((await uploader.get(`/api/requests/${request.id}`)).status).toBe(404);
  });
});
