import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembers, createCommunity } from './communities.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';

/*
 * A search hit is built from the search's own rows, not by reading each hit
 * again: its `ui.permissions` must still be what a single read of the same
 * draft or record answers, for every kind of actor, and draft hits carry no
 * validation errors (those belong to a read of the draft).
 */

const UI = { headers: { accept: 'application/vnd.inveniordm.v1+json' } };

let t: TestApp;
const actors: Record<string, TestClient> = {};
const ids: Record<string, string> = {};

const restricted = (title: string) =>
  publishable(title, { access: { record: 'restricted', files: 'restricted' } });

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  for (const name of ['owner', 'steward', 'reviewer', 'curator', 'reader', 'grantee']) {
    // Public profiles: grants are given to users others can find.
    const user = await buildUser(t.services, { fullName: `Hits ${name}`, visibility: 'public' });
    const client = t.client();
    await client.login(user.email);
    actors[name] = client;
    ids[name] = String(user.id);
  }
  const owner = actors.owner!;
  const steward = actors.steward!;
  const home = await createCommunity(steward, 'hits-home');
  await addMembers(steward, home.id, [Number(ids.curator)], 'curator');
  await addMembers(steward, home.id, [Number(ids.reader)], 'reader');
  const reviewing = await createCommunity(steward, 'hits-reviewing');
  await addMembers(steward, reviewing.id, [Number(ids.reviewer)], 'curator');

  const submit = async (draftId: string, communityId: string) => {
    const review = await owner.put(`/api/records/${draftId}/draft/review`, {
      receiver: { community: communityId },
      type: 'community-submission',
    });
    expect(review.status, review.body).toBe(200);
    const submitted = await owner.post(`/api/records/${draftId}/draft/actions/submit-review`, {
      payload: { content: '<p>Please.</p>', format: 'html' },
    });
    expect(submitted.status, submitted.body).toBe(202);
    return submitted.json.id as string;
  };
  const grant = async (id: string, user: string, permission: string) => {
    const response = await owner.post(`/api/records/${id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: ids[user] }, permission, notify: false }],
    });
    expect(response.status, response.body).toBe(201);
  };

  // A draft that does not validate (no creators, no date): its read lists errors.
  const invalid = publishable('Hits invalid draft');
  ids.invalid = (
    await createDraft(owner, { ...invalid, metadata: { title: 'Hits invalid draft' } })
  ).json.id;
  // A submission under review by the reviewing community; the reviewer also holds a
  // `view` grant, so it is in their uploads, as a draft they may review.
  ids.submission = (await createDraft(owner, restricted('Hits submission'))).json.id;
  await submit(ids.submission!, reviewing.id);
  await grant(ids.submission!, 'reviewer', 'view');
  // A restricted record of the home community with an open edit draft, shared for editing.
  ids.home = (await createDraft(owner, restricted('Hits home record'))).json.id;
  const accepted = await steward.post(
    `/api/requests/${await submit(ids.home!, home.id)}/actions/accept`,
  );
  expect(accepted.status, accepted.body).toBe(200);
  expect((await owner.post(`/api/records/${ids.home}/draft`)).status).toBe(201);
  await grant(ids.home!, 'grantee', 'edit');
  // A public record shared for preview.
  ids.plain = (await createDraft(owner, publishable('Hits public record'))).json.id;
  expect((await owner.post(`/api/records/${ids.plain}/draft/actions/publish`)).status).toBe(202);
  await grant(ids.plain!, 'grantee', 'preview');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown> & {
  id: string;
  is_draft: boolean;
  ui: { permissions: Record<string, boolean> };
};

/** The hits of both searches an actor makes: their uploads and the published records. */
async function hitsOf(client: TestClient) {
  const found: { list: string; hit: Json }[] = [];
  for (const list of ['/api/user/records?size=100', '/api/records?size=100']) {
    const response = await client.get(list, UI);
    expect(response.status, response.body).toBe(200);
    for (const hit of response.json.hits.hits as Json[]) found.push({ list, hit });
  }
  return found;
}

const label = (list: string, hit: Json) =>
  `${Object.keys(ids).find((key) => ids[key] === hit.id)} ${hit.is_draft ? 'draft' : 'record'} in ${list}`;

// What each actor finds: `draft:x` a draft hit, `record:x` a published one.
const EXPECTED: Record<string, string[]> = {
  owner: [
    'draft:invalid',
    'draft:submission',
    'draft:home',
    'record:plain',
    'record:home',
    'record:plain',
  ],
  reviewer: ['draft:submission', 'record:plain'],
  grantee: ['draft:home', 'record:plain', 'record:home', 'record:plain'],
  reader: ['record:home', 'record:plain'],
  curator: ['record:home', 'record:plain'],
};

describe('search hits', () => {
  it.each(Object.keys(EXPECTED))('%s: each hit is what a read of it answers', async (name) => {
    const client = actors[name]!;
    const hits = await hitsOf(client);
    const keyOf = (hit: Json) =>
      `${hit.is_draft ? 'draft' : 'record'}:${Object.keys(ids).find((key) => ids[key] === hit.id)}`;
    expect(hits.map(({ hit }) => keyOf(hit)).sort()).toEqual([...EXPECTED[name]!].sort());
    for (const { list, hit } of hits) {
      const read = await client.get(
        hit.is_draft ? `/api/records/${hit.id}/draft` : `/api/records/${hit.id}`,
        UI,
      );
      expect(read.status, label(list, hit)).toBe(200);
      expect(hit.ui.permissions, label(list, hit)).toEqual(read.json.ui.permissions);
      expect(hit, label(list, hit)).not.toHaveProperty('errors');
      // Everything else is the read's answer too (one serializer, one context), but
      // for the file entries: a hit carries only the summary of its files.
      const { errors: _errors, ...answer } = read.json as Json;
      const { entries: _entries, ...files } = (answer.files ?? {}) as Json;
      expect(hit.files, label(list, hit)).not.toHaveProperty('entries');
      expect(hit, label(list, hit)).toEqual({ ...answer, files });
    }
  });

  it('the reviewer is told they may review the submission, in the hit as in the read', async () => {
    const hits = await hitsOf(actors.reviewer!);
    const submission = hits.find(({ hit }) => hit.id === ids.submission)!.hit;
    expect(submission.ui.permissions).toMatchObject({
      can_review: true,
      can_update_draft: true,
      can_preview: true,
    });
  });

  it('a draft that does not validate: its read lists errors, its hit none', async () => {
    const owner = actors.owner!;
    const read = await owner.get(`/api/records/${ids.invalid}/draft`);
    expect(read.json.errors?.length ?? 0).toBeGreaterThan(0);
    const hits = (await owner.get('/api/user/records?size=100')).json.hits.hits as Json[];
    const hit = hits.find((candidate) => candidate.id === ids.invalid)!;
    expect(hit).toBeDefined();
    expect(hit).not.toHaveProperty('errors');
  });
});
