import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { drafts, parents, records } from '../src/db/schema.ts';
import { communities } from '../src/db/schema.communities.ts';
import { requests } from '../src/db/schema.requests.ts';
import type { RecordComponent } from '../src/services/records/components.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

// Each operation on a record is one unit of work (services/records/unit-of-work.ts): all
// of it or nothing, its components' checks on the state read under its lock, and a unique
// index that refuses a write answered as a conflict. Runs on PGlite and PostgreSQL.
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  alice = (await loggedIn(t, 'Alice Author')).client;
  bob = (await loggedIn(t, 'Bob Curator')).client;
  // A component for the tests below to act inside the operations; idle unless set.
  t.services.records.use(probe);
});
afterAll(() => t.close());
afterEach(() => {
  for (const key of Object.keys(probe) as (keyof RecordComponent)[]) delete probe[key];
});

const probe: RecordComponent = {};
const review = (community: string) => ({ type: 'community-submission', receiver: { community } });

/** How many rows the tables a create writes hold. */
async function rows() {
  const n = async (table: typeof drafts | typeof parents | typeof requests) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return { drafts: await n(drafts), parents: await n(parents), requests: await n(requests) };
}

describe('create: one unit of work', () => {
  it('an invalid parent.review leaves no draft, no parent, no request', async () => {
    const before = await rows();
    const unknown = await alice.post('/api/records', {
      ...publishable('Unknown community'),
      parent: { review: review('no-such-community') },
    });
    expect(unknown.status, unknown.body).toBe(400);
    const malformed = await alice.post('/api/records', {
      ...publishable('Malformed review'),
      parent: { review: { type: 'community-submission' } },
    });
    expect(malformed.status, malformed.body).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('a community gone between the check and the write leaves nothing', async () => {
    const doomed = await createCommunity(bob, 'doomed');
    // Runs after the review's check, before the unit: the community goes in between.
    probe.checkCreate = async () => {
      await t.db.delete(communities).where(eq(communities.id, doomed.id));
    };
    const before = await rows();
    const refused = await alice.post('/api/records', {
      ...publishable('Into a vanishing community'),
      parent: { review: review(doomed.id) },
    });
    expect(refused.status, refused.body).toBe(400);
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'receiver.community' })]);
    expect(await rows()).toEqual(before);
  });

  it('a component failing inside the unit, after the review was written, leaves nothing', async () => {
    const lab = await createCommunity(bob, 'failing-lab');
    let reviewSeen = 0;
    probe.onCreate = async (tx, draftId) => {
      const written = await tx.select().from(requests).where(eq(requests.topicId, draftId));
      reviewSeen = written.length;
      throw new Error('component failed');
    };
    const before = await rows();
    const failed = await alice.post('/api/records', {
      ...publishable('Half made'),
      parent: { review: review(lab.id) },
    });
    expect(failed.status).toBe(500);
    expect(reviewSeen).toBe(1);
    expect(await rows()).toEqual(before);
  });

  it('a restricted community restricts the draft it is chosen for at creation', async () => {
    const restricted = await createCommunity(bob, 'closed-circle', {
      access: { visibility: 'restricted' },
    });
    // Only members see a restricted community: bob (its owner) creates the draft.
    const created = await bob.post('/api/records', {
      ...publishable('Restricted at creation'),
      parent: { review: review(restricted.id) },
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json.access).toMatchObject({ record: 'restricted', files: 'restricted' });
    expect(created.json.parent.review.receiver).toEqual({ community: restricted.id });
  });
});

describe('unique indexes: a conflict, never a server error', () => {
  it('a duplicate version index written inside a unit answers 409 and leaves nothing', async () => {
    probe.onCreate = async (_tx, draftId, { unit, state }) => {
      // A second draft at the same version of the same parent: drafts_parent_version refuses.
      await unit.repo.insertDraft({
        id: `${draftId}x`,
        parentId: state.parent.id,
        versionIndex: 1,
        document: state.document,
      });
    };
    const before = await rows();
    const refused = await alice.post('/api/records', publishable('Twice version one'));
    expect(refused.status, refused.body).toBe(409);
    expect(refused.json.message).toBe(
      'Another change to this record was made at the same time; reload it and try again.',
    );
    expect(await rows()).toEqual(before);
  });

  it('a version index taken meanwhile answers 409 at publication, and nothing changes', async () => {
    const first = (await createDraft(alice)).json;
    expect((await alice.post(`/api/records/${first.id}/draft/actions/publish`)).status).toBe(202);
    const second = (await alice.post(`/api/records/${first.id}/versions`)).json;
    probe.onPublish = async (tx) => {
      // The first version taken again at index 2: records_parent_version refuses the publish.
      await tx
        .update(records)
        .set({ versionIndex: 2 })
        .where(eq(records.id, first.id as string));
    };
    const refused = await alice.post(`/api/records/${second.id}/draft/actions/publish`);
    expect(refused.status, refused.body).toBe(409);
    expect((await alice.get(`/api/records/${second.id}/draft`)).status).toBe(200);
    const [kept] = await t.db
      .select()
      .from(records)
      .where(eq(records.id, first.id as string));
    expect(kept).toMatchObject({ versionIndex: 1, isLatest: true });
  });
});

describe('checks under the lock: a review submitted meanwhile does not slip through', () => {
  const ROUNDS = 5;
  const CALLERS = 10;

  async function draftInReview(title: string) {
    const lab = await createCommunity(bob, `lab-${title.toLowerCase().replace(/\W+/g, '-')}`);
    const created = await alice.post('/api/records', {
      ...publishable(title),
      parent: { review: review(lab.id) },
    });
    expect(created.status, created.body).toBe(201);
    return created.json.id as string;
  }

  /** Half the callers submit the review, the other half run `other`, all at once. */
  async function race(id: string, other: () => Promise<{ status: number }>) {
    const submit = () => alice.post(`/api/records/${id}/draft/actions/submit-review`);
    const answers = await Promise.all(
      Array.from({ length: CALLERS }, (_, i) => (i % 2 ? other() : submit())),
    );
    const codes = answers.map((answer) => answer.status);
    expect(
      codes.every((code) => code < 500),
      String(codes),
    ).toBe(true);
    const ok = (from: number) =>
      codes.filter((code, i) => i % 2 === from && code >= 200 && code < 300).length;
    return { submitted: ok(0), other: ok(1), codes };
  }

  /** Submits the review once, the first time the probe's check runs (before the lock). */
  function submitOnFirstCheck(id: string) {
    let submitted: number | undefined;
    const check = async () => {
      if (submitted !== undefined) return;
      submitted = (await alice.post(`/api/records/${id}/draft/actions/submit-review`)).status;
    };
    return { check, submitted: () => submitted };
  }

  it('publish: a review submitted after the early check is refused under the lock', async () => {
    const id = await draftInReview('Submitted in between');
    const between = submitOnFirstCheck(id);
    probe.checkPublish = between.check;
    const publish = await alice.post(`/api/records/${id}/draft/actions/publish`);
    expect(between.submitted()).toBe(202);
    expect(publish.status, publish.body).toBe(400);
    expect(publish.json.message).toBe(
      'You cannot publish a draft with an open review request. Please cancel the review request first.',
    );
    expect((await alice.get(`/api/records/${id}/draft`)).json.parent.review.status).toBe(
      'submitted',
    );
  });

  it('discard: a review submitted after the early check is refused under the lock', async () => {
    const id = await draftInReview('Submitted before discard');
    const between = submitOnFirstCheck(id);
    probe.checkDeleteDraft = between.check;
    const discard = await alice.delete(`/api/records/${id}/draft`);
    expect(between.submitted()).toBe(202);
    expect(discard.status, discard.body).toBe(400);
    expect((await alice.get(`/api/records/${id}/draft`)).json.parent.review.status).toBe(
      'submitted',
    );
  });

  it('submit-review against publish: never both', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await draftInReview(`Submit or publish ${round}`);
      const { submitted, other, codes } = await race(id, () =>
        alice.post(`/api/records/${id}/draft/actions/publish`),
      );
      expect(submitted + other, String(codes)).toBe(1);
      const draft = await alice.get(`/api/records/${id}/draft`);
      if (submitted) {
        expect(draft.json.parent.review.status).toBe('submitted');
        expect((await alice.get(`/api/records/${id}`)).status).toBe(404);
      } else {
        expect(draft.status).toBe(404);
        const open = await t.db.select().from(requests).where(eq(requests.topicId, id));
        expect(open.filter((request) => request.status === 'submitted')).toEqual([]);
      }
    }
  });

  it('submit-review against discarding the draft: never both', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const id = await draftInReview(`Submit or discard ${round}`);
      const { submitted, other, codes } = await race(id, () =>
        alice.delete(`/api/records/${id}/draft`),
      );
      expect(submitted + other, String(codes)).toBe(1);
      const draft = await alice.get(`/api/records/${id}/draft`);
      expect(draft.status).toBe(submitted ? 200 : 404);
    }
  });
});
