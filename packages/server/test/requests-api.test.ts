import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

let t: TestApp;
let curator: TestClient;
let uploader: TestClient;
let other: TestClient;
let stranger: TestClient;
let uploaderId: number;
let otherId: number;
let lab: { id: string };
let annex: { id: string };
let hidden: { id: string };
let strangerId: number;

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  const c = await loggedIn(t, 'Carol Curator');
  const u = await loggedIn(t, 'Uli Uploader');
  const p = await loggedIn(t, 'Pia Peer');
  // A public profile, so records can be shared with them.
  const strangerUser = await buildUser(t.services, {
    fullName: 'Sid Stranger',
    visibility: 'public',
  });
  const s = { user: strangerUser, client: t.client() };
  await s.client.login(strangerUser.email);
  [curator, uploader, other, stranger] = [c.client, u.client, p.client, s.client];
  uploaderId = u.user.id;
  otherId = p.user.id;
  lab = await createCommunity(o.client, 'api-lab', { metadata: { title: 'API lab' } });
  annex = await createCommunity(o.client, 'api-annex', { metadata: { title: 'API annex' } });
  hidden = await createCommunity(o.client, 'api-hidden', {
    metadata: { title: 'API hidden' },
    access: { visibility: 'restricted' },
  });
  await addMembers(o.client, lab.id, [c.user.id], 'curator');
  await addMembers(o.client, hidden.id, [c.user.id], 'curator');
  await addMembers(o.client, hidden.id, [u.user.id], 'reader');
  strangerId = s.user.id;
});
afterAll(() => t.close());

const comment = (content: string) => ({ payload: { content, format: 'html' } });

/** A review request in status `created` (not yet submitted) about a new draft. */
async function preparedReview(client: TestClient, title: string, community = lab.id) {
  const draft = (await createDraft(client, publishable(title))).json as { id: string };
  const review = await client.put(`/api/records/${draft.id}/draft/review`, {
    receiver: { community },
    type: 'community-submission',
  });
  expect(review.status, review.body).toBe(200);
  return { draftId: draft.id, request: review.json as { id: string; status: string } };
}

async function submitted(client: TestClient, title: string, community = lab.id) {
  const { draftId } = await preparedReview(client, title, community);
  const submit = await client.post(`/api/records/${draftId}/draft/actions/submit-review`);
  expect(submit.status, submit.body).toBe(202);
  return { draftId, request: submit.json as { id: string } };
}

const ids = (response: { json: { hits: { hits: { id: string }[] } } }) =>
  response.json.hits.hits.map((r) => r.id).sort();

describe('search filters', () => {
  it('filter by creator, receiver, topic and shared_with_me, within what the caller may read', async () => {
    const mine = await submitted(uploader, 'Filtered one');
    const toAnnex = await submitted(uploader, 'Filtered two', annex.id);
    const theirs = await submitted(other, 'Filtered three');

    const byMe = await uploader.get(`/api/requests?q=filtered&created_by=user:${uploaderId}`);
    expect(ids(byMe)).toEqual([mine.request.id, toAnnex.request.id].sort());
    // The curator decides for the lab only: the annex request stays hidden from them.
    const toLab = await curator.get(`/api/requests?q=filtered&receiver=community:${lab.id}`);
    expect(ids(toLab)).toEqual([mine.request.id, theirs.request.id].sort());
    const curatorByUploader = await curator.get(
      `/api/requests?q=filtered&created_by=user:${uploaderId}`,
    );
    expect(ids(curatorByUploader)).toEqual([mine.request.id]);
    expect(curatorByUploader.json.links.self).toContain(`created_by=user%3A${uploaderId}`);
    // A stranger filtering on someone else's requests sees none of them.
    expect((await stranger.get(`/api/requests?created_by=user:${otherId}`)).json.hits.total).toBe(
      0,
    );

    const aboutDraft = await curator.get(`/api/requests?topic=record:${theirs.draftId}`);
    expect(ids(aboutDraft)).toEqual([theirs.request.id]);

    // Shared with me: readable but made by someone else; false: made by me.
    const shared = await curator.get('/api/requests?q=filtered&shared_with_me=true');
    expect(ids(shared)).toEqual([mine.request.id, theirs.request.id].sort());
    expect(
      (await curator.get('/api/requests?q=filtered&shared_with_me=false')).json.hits.total,
    ).toBe(0);
    const own = await uploader.get('/api/requests?q=filtered&shared_with_me=false');
    expect(ids(own)).toEqual([mine.request.id, toAnnex.request.id].sort());

    const bad = await curator.get('/api/requests?created_by=1');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('created_by');
  });
});

describe('editing and deleting', () => {
  it('lets the creator edit and delete a request only before it is submitted', async () => {
    const { request } = await preparedReview(uploader, 'Editable');
    const url = `/api/requests/${request.id}`;
    expect(request.status).toBe('created');

    const edited = await uploader.put(url, { title: 'Edited title', description: 'Why.' });
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json).toMatchObject({
      title: 'Edited title',
      description: 'Why.',
      revision_id: 2,
    });
    expect((await uploader.get(url)).json.title).toBe('Edited title');

    // Others may not; community submissions have no editable payload; bad fields are named.
    expect((await other.put(url, { title: 'Mine now' })).status).toBe(403);
    expect((await curator.put(url, { title: 'Mine now' })).status).toBe(403);
    const payload = await uploader.put(url, { payload: { permission: 'manage' } });
    expect(payload.status).toBe(400);
    expect(payload.json.errors[0].field).toBe('payload.permission');
    const longTitle = await uploader.put(url, { title: 'x'.repeat(251) });
    expect(longTitle.status).toBe(400);
    expect(JSON.stringify(longTitle.json)).toContain('title');
    expect((await uploader.get(url)).json.title).toBe('Edited title');

    expect((await other.delete(url)).status).toBe(403);
    expect((await uploader.delete(url)).status).toBe(204);
    expect((await uploader.get(url)).status).toBe(404);
    expect((await uploader.delete(url)).status).toBe(404);
  });

  it('refuses to edit or delete a submitted request', async () => {
    const { request } = await submitted(uploader, 'Locked in');
    const url = `/api/requests/${request.id}`;
    const edit = await uploader.put(url, { title: 'Late edit' });
    expect(edit.status).toBe(400);
    expect(edit.json.message).toBe('A request in status submitted cannot be edited.');
    const remove = await uploader.delete(url);
    expect(remove.status).toBe(400);
    expect((await uploader.get(url)).json).toMatchObject({
      title: 'Locked in',
      status: 'submitted',
    });
  });
});

describe('focused timeline', () => {
  it('returns the page that holds the event, also for a reply', async () => {
    const { request } = await submitted(uploader, 'Talkative');
    const url = `/api/requests/${request.id}`;
    // Submitting logs no event (as InvenioRDM): the timeline holds the five comments.
    const posted: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const c = await curator.post(`${url}/comments`, comment(`<p>Comment ${i}</p>`));
      expect(c.status).toBe(201);
      posted.push(c.json.id as string);
    }
    const focused = await uploader.get(
      `${url}/timeline_focused?focus_event_id=${posted[3]}&size=2`,
    );
    expect(focused.status, focused.body).toBe(200);
    // Events: c1, c2 | c3, c4 | c5 — comment 4 is on page 2.
    expect(focused.json.page).toBe(2);
    expect(focused.json.hits.hits.map((e: { id: string }) => e.id)).toEqual([posted[2], posted[3]]);
    expect(focused.json.hits.total).toBe(5);

    const newest = await uploader.get(
      `${url}/timeline_focused?focus_event_id=${posted[3]}&size=2&sort=newest`,
    );
    expect(newest.json.page).toBe(1);

    const reply = await uploader.post(`${url}/comments/${posted[1]}/reply`, comment('<p>Re</p>'));
    const ofReply = await uploader.get(
      `${url}/timeline_focused?focus_event_id=${reply.json.id}&size=2`,
    );
    expect(ofReply.json.page).toBe(1);
    expect(ofReply.json.hits.hits.map((e: { id: string }) => e.id)).toContain(posted[1]);

    expect((await uploader.get(`${url}/timeline_focused`)).status).toBe(400);
    expect(
      (await uploader.get(`${url}/timeline_focused?focus_event_id=${crypto.randomUUID()}`)).status,
    ).toBe(404);
    expect((await stranger.get(`${url}/timeline_focused?focus_event_id=${posted[0]}`)).status).toBe(
      403,
    );
  });
});

describe('requests of a record', () => {
  it('lists the requests about a record the caller may read', async () => {
    const { draftId, request } = await submitted(uploader, 'Record with requests');
    const url = `/api/records/${draftId}/requests`;
    expect(ids(await uploader.get(url))).toEqual([request.id]);
    expect(ids(await curator.get(url))).toEqual([request.id]);
    expect((await stranger.get(url)).json.hits.total).toBe(0);
    expect((await uploader.get(url)).json.links.self).toContain(`/api/records/${draftId}/requests`);
  });
});

describe('communities in record JSON', () => {
  it('serializes the communities of a published record as community JSON', async () => {
    const { draftId, request } = await submitted(uploader, 'Included dataset');
    const accept = await curator.post(`/api/requests/${request.id}/actions/accept`);
    expect(accept.status, accept.body).toBe(200);
    const record = await stranger.get(`/api/records/${draftId}`);
    expect(record.status, record.body).toBe(200);
    const communities = record.json.parent.communities;
    expect(communities.ids).toEqual([lab.id]);
    expect(communities.default).toBe(lab.id);
    expect(communities.entries).toHaveLength(1);
    expect(communities.entries[0]).toMatchObject({
      id: lab.id,
      slug: 'api-lab',
      metadata: { title: 'API lab' },
      access: { visibility: 'public' },
    });
    expect(communities.entries[0].links.self).toContain(`/api/communities/${lab.id}`);

    // A draft outside any community keeps `parent.communities` empty.
    const lone = (await createDraft(uploader, publishable('Lone draft'))).json;
    expect(lone.parent.communities).toEqual({});
  });

  it('leaves out the communities the caller may not see', async () => {
    const draft = (
      await createDraft(
        uploader,
        publishable('Hidden community dataset', {
          access: { record: 'restricted', files: 'restricted' },
        }),
      )
    ).json as { id: string };
    await uploader.put(`/api/records/${draft.id}/draft/review`, {
      receiver: { community: hidden.id },
      type: 'community-submission',
    });
    const submit = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
    expect(submit.status, submit.body).toBe(202);
    const requestId = (submit.json as { id: string }).id;
    expect((await curator.post(`/api/requests/${requestId}/actions/accept`)).status).toBe(200);
    const grant = await uploader.post(`/api/records/${draft.id}/access/grants`, {
      grants: [
        { subject: { type: 'user', id: String(strangerId) }, permission: 'view', notify: false },
      ],
    });
    expect(grant.status, grant.body).toBe(201);

    const asMember = (await curator.get(`/api/records/${draft.id}`)).json.parent.communities;
    expect(asMember.entries.map((c: { id: string }) => c.id)).toEqual([hidden.id]);
    const asGrantee = await stranger.get(`/api/records/${draft.id}`);
    expect(asGrantee.status).toBe(200);
    expect(asGrantee.json.parent.communities.ids).toEqual([hidden.id]);
    expect(asGrantee.json.parent.communities.entries).toBeUndefined();
  });
});
