import { describe, expect, it } from 'vitest';
import type { TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';
import {
  closedLab,
  comment,
  curator,
  draftWithReview,
  lab,
  manager,
  owner,
  reader,
  restrictedLab,
  review,
  statusOf,
  stranger,
  submitted,
  t,
  uploader,
  useReviewApp,
} from './review.helpers.ts';

useReviewApp();

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
    ).toEqual(['C:<p>Ready for you.</p>', 'C:<p>Welcome!</p>', 'L:accepted']);

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
