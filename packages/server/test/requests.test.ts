import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { addMembers, createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

let t: TestApp;
let owner: TestClient;
let curator: TestClient;
let uploader: TestClient;
let stranger: TestClient;
let admin: TestClient;
let lab: { id: string };

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const o = await loggedIn(t, 'Olga Owner');
  const c = await loggedIn(t, 'Carol Curator');
  const u = await loggedIn(t, 'Uli Uploader');
  const s = await loggedIn(t, 'Sid Stranger');
  [owner, curator, uploader, stranger] = [o.client, c.client, u.client, s.client];
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
  lab = await createCommunity(owner, 'requests-lab', { metadata: { title: 'Requests lab' } });
  await addMembers(owner, lab.id, [c.user.id], 'curator');
});
afterAll(() => t.close());

const comment = (content: string) => ({ payload: { content, format: 'html' } });

async function openSubmission(title: string) {
  const draft = (await createDraft(uploader, publishable(title))).json;
  await uploader.put(`/api/records/${draft.id}/draft/review`, {
    receiver: { community: lab.id },
    type: 'community-submission',
  });
  const submit = await uploader.post(`/api/records/${draft.id}/draft/actions/submit-review`);
  expect(submit.status, submit.body).toBe(202);
  return submit.json as { id: string; links: Record<string, string> };
}

describe('comments', () => {
  it('are created, edited, deleted and replied to by those who take part', async () => {
    const request = await openSubmission('Commented dataset');
    const url = `/api/requests/${request.id}/comments`;
    const first = await curator.post(url, comment('<p>Which instrument?</p>'));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      type: 'C',
      payload: { content: '<p>Which instrument?</p>', format: 'html' },
      permissions: { can_update_comment: true, can_delete_comment: true, can_reply_comment: true },
    });
    // Outsiders can neither read nor comment.
    expect((await stranger.post(url, comment('<p>Hi</p>'))).status).toBe(403);
    expect((await t.client().post(url, comment('<p>Hi</p>'))).status).toBe(403);

    const reply = await uploader.post(`${url}/${first.json.id}/reply`, comment('<p>A TDR.</p>'));
    expect(reply.status).toBe(201);
    expect(reply.json.parent_id).toBe(first.json.id);
    const replies = await curator.get(`${url}/${first.json.id}/replies`);
    expect(replies.json.hits.hits.map((r: { id: string }) => r.id)).toEqual([reply.json.id]);
    // A reply in the timeline says, like any comment, what the reader may do with it.
    const replyIn = async (client: TestClient) => {
      const hits = (await client.get(`/api/requests/${request.id}/timeline`)).json.hits.hits as {
        id: string;
        children: { id: string; permissions: Record<string, boolean> }[];
      }[];
      return hits.find((event) => event.id === first.json.id)?.children[0];
    };
    expect(await replyIn(uploader)).toMatchObject({
      id: reply.json.id,
      permissions: { can_update_comment: true, can_delete_comment: true, can_reply_comment: false },
    });
    expect((await replyIn(curator))?.permissions).toEqual({
      can_update_comment: false,
      can_delete_comment: false,
      can_reply_comment: false,
    });
    // Replies to replies are refused.
    expect((await curator.post(`${url}/${reply.json.id}/reply`, comment('<p>x</p>'))).status).toBe(
      400,
    );

    // Only the author edits; the author (or an administrator) deletes.
    const asOther = await uploader.get(`${url}/${first.json.id}`);
    expect(asOther.json.permissions.can_update_comment).toBe(false);
    expect((await uploader.put(`${url}/${first.json.id}`, comment('<p>hack</p>'))).status).toBe(
      403,
    );
    const edited = await curator.put(`${url}/${first.json.id}`, comment('<p>Which sensor?</p>'));
    expect(edited.status).toBe(200);
    expect(edited.json.payload.content).toBe('<p>Which sensor?</p>');
    expect(edited.json.revision_id).toBe(2);
    expect((await uploader.delete(`${url}/${first.json.id}`)).status).toBe(403);
    expect((await curator.delete(`${url}/${first.json.id}`)).status).toBe(204);

    const timeline = await uploader.get(`/api/requests/${request.id}/timeline`);
    const events = timeline.json.hits.hits as {
      type: string;
      payload: { event?: string };
      children: { id: string }[];
    }[];
    expect(events.map((e) => `${e.type}:${e.payload.event ?? ''}`)).toEqual(['L:comment_deleted']);
    // The reply survives its deleted parent.
    expect(events[0]!.children.map((c) => c.id)).toEqual([reply.json.id]);

    // Comments are HTML for every client: scripts and handlers never reach the timeline.
    const unsafe = await curator.post(
      url,
      comment(
        '<p onclick="steal()">See <a href="javascript:alert(1)">this</a></p><script>x</script>',
      ),
    );
    expect(unsafe.status).toBe(201);
    expect(unsafe.json.payload.content).toBe(
      '<p>See <a rel="noopener noreferrer nofollow">this</a></p>',
    );
    const onlyScript = await curator.post(url, comment('<script>alert(1)</script>'));
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.json.errors[0].field).toBe('payload.content');

    // Empty comments name the field.
    const empty = await curator.post(url, comment('   '));
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].field).toBe('payload.content');
    expect((await curator.post(url, { payload: {} })).status).toBe(400);
    expect((await curator.get(`${url}/not-a-uuid`)).status).toBe(404);
  });
});

describe('actions', () => {
  it('lists only what the caller may do now, and refuses the rest clearly', async () => {
    const request = await openSubmission('Action links');
    const read = (client: TestClient) => client.get(`/api/requests/${request.id}`);
    expect(Object.keys((await read(uploader)).json.links.actions)).toEqual(['cancel']);
    expect(Object.keys((await read(curator)).json.links.actions).sort()).toEqual([
      'accept',
      'decline',
    ]);
    expect((await read(t.client())).status).toBe(403);
    const unknown = await curator.post(`/api/requests/${request.id}/actions/approve`);
    expect(unknown.status).toBe(400);
    // Nobody but the system expires a request.
    expect((await curator.post(`/api/requests/${request.id}/actions/expire`)).status).toBe(403);
    expect((await uploader.post(`/api/requests/${request.id}/actions/submit`)).json.message).toBe(
      'The action "submit" cannot be done on a request in status submitted.',
    );
    expect((await curator.get('/api/requests/00000000-0000-0000-0000-000000000000')).status).toBe(
      404,
    );
    // Two decisions at once: exactly one wins.
    const [a, b] = await Promise.all([
      curator.post(`/api/requests/${request.id}/actions/decline`),
      curator.post(`/api/requests/${request.id}/actions/decline`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const logs = (await curator.get(`/api/requests/${request.id}/timeline`)).json.hits.hits.filter(
      (e: { payload: { event?: string } }) => e.payload.event === 'declined',
    );
    expect(logs).toHaveLength(1);
  });
});

describe('searching requests', () => {
  it('shows each user what they made or decide, with filters and pages', async () => {
    const first = await openSubmission('Searchable alpha');
    await openSubmission('Searchable beta');
    await curator.post(`/api/requests/${first.id}/actions/decline`);

    const mine = await uploader.get('/api/user/requests?q=searchable');
    expect(mine.json.hits.total).toBe(2);
    const decide = await curator.get('/api/user/requests?q=searchable&is_open=true');
    expect(decide.json.hits.hits.map((r: { title: string }) => r.title)).toEqual([
      'Searchable beta',
    ]);
    const declined = await curator.get('/api/requests?q=searchable&status=declined');
    expect(declined.json.hits.hits.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const paged = await uploader.get('/api/requests?q=searchable&size=1&sort=oldest');
    expect(paged.json.hits.hits[0].title).toBe('Searchable alpha');
    expect(paged.json.links.next).toContain('page=2');
    expect((await stranger.get('/api/requests?q=searchable')).json.hits.total).toBe(0);
    expect((await t.client().get('/api/user/requests')).status).toBe(403);
    expect((await uploader.get('/api/requests?type=community-submission')).json.hits.total).toBe(
      (await uploader.get('/api/user/requests')).json.hits.total,
    );
    // Administrators see every request; /api/user/requests stays personal.
    expect((await admin.get('/api/requests?q=searchable')).json.hits.total).toBe(2);
    expect((await admin.get('/api/user/requests?q=searchable')).json.hits.total).toBe(0);
  });
});

describe('expiry configuration', () => {
  it('never expires requests when the expiry is 0 days', async () => {
    const never = await startTestApp({
      vocabularies: true,
      env: { ARCA_REQUEST_EXPIRY_DAYS: '0' },
    });
    try {
      const u = await loggedIn(never, 'Nia Never');
      const community = await createCommunity(u.client, 'never-expires', {
        access: { review_policy: 'closed' },
      });
      const draft = (await createDraft(u.client, publishable('Patient dataset'))).json;
      await u.client.put(`/api/records/${draft.id}/draft/review`, {
        receiver: { community: community.id },
        type: 'community-submission',
      });
      const submit = await u.client.post(`/api/records/${draft.id}/draft/actions/submit-review`);
      expect(submit.json).toMatchObject({ status: 'submitted', expires_at: null });
      await never.services.jobs.runDue(new Date(Date.now() + 3650 * 86_400_000));
      expect((await u.client.get(`/api/requests/${submit.json.id}`)).json.status).toBe('submitted');
    } finally {
      await never.close();
    }
  });
});
