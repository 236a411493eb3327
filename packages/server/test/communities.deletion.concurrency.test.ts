// Ten callers at once against one community's deletion. PGlite runs one query at a time, so
// the races show on PostgreSQL (`integration-postgres`); the answers hold on both.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, communityMembers, requests } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { actions, entriesAbout } from './audit.helpers.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import {
  deleteCommunity,
  draftFor,
  restore,
  submitReview,
} from './communities.deletion.helpers.ts';

let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let uploader: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Olga Owner')).client;
  uploader = (await loggedIn(t, 'Uli Uploader')).client;
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
}, 180_000);
afterAll(() => t.close());

const statusOf = async (id: string) =>
  (await t.db.select().from(communities).where(eq(communities.id, id)))[0]!.deletionStatus;
const sorted = (numbers: number[]) => [...numbers].sort((a, b) => a - b);
/** The entries after the creation's own (its creator made owner). */
const loggedSinceCreation = async (id: string) => {
  const [created, ...rest] = actions(await entriesAbout(t, id));
  expect(created).toBe('community.member_add');
  return rest;
};

describe('ten callers at once', () => {
  it('deleting one community: one deletes it, nine find it gone, one entry', async () => {
    const c = await createCommunity(owner, 'raced-ten');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deleteCommunity(i % 2 ? owner : admin, c.id)),
    );
    expect(sorted(answers.map((a) => a.status))).toEqual([204, ...Array<number>(9).fill(410)]);
    expect(await statusOf(c.id)).toBe('D');
    expect(await loggedSinceCreation(c.id)).toEqual(['community.delete']);
  });

  it('nine submissions and a deletion: no submission stays open to the deleted community', async () => {
    const c = await createCommunity(owner, 'raced-submissions');
    const drafts = [];
    for (let i = 0; i < 9; i++) drafts.push(await draftFor(uploader, c.id, `Raced ${i}`));
    const [removal, ...submits] = await Promise.all([
      deleteCommunity(owner, c.id),
      ...drafts.map((draft) => submitReview(uploader, draft.draftId)),
    ]);
    expect(removal.status, removal.body).toBe(204);
    expect(await statusOf(c.id)).toBe('D');
    const rows = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.receiverType, 'community'), eq(requests.receiverId, c.id)));
    expect(rows.filter((row) => row.status === 'submitted')).toEqual([]);
    const [entry] = (await entriesAbout(t, c.id)).filter((r) => r.action === 'community.delete');
    const cancelled = new Set((entry?.after?.cancelled_requests as string[] | undefined) ?? []);
    drafts.forEach((draft, i) => {
      const answer = submits[i]!;
      const row = rows.find((r) => r.id === draft.requestId)!;
      // Submitted before the deletion: cancelled by it. After: refused, still only chosen.
      if (answer.status === 202) {
        expect(row.status).toBe('cancelled');
        expect(cancelled.has(row.id)).toBe(true);
      } else {
        expect([400, 410], answer.body).toContain(answer.status);
        expect(row.status).toBe('created');
        expect(cancelled.has(row.id)).toBe(false);
      }
    });
  });

  it('five deletions and five restores: the state and the log agree', async () => {
    const c = await createCommunity(owner, 'raced-flips');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? deleteCommunity(admin, c.id) : restore(admin, c.id),
      ),
    );
    const deletions = answers.filter((a, i) => i % 2 === 0 && a.status === 204).length;
    const restores = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length;
    for (const [i, answer] of answers.entries()) {
      expect(i % 2 === 0 ? [204, 410] : [200, 400], answer.body).toContain(answer.status);
    }
    const logged = await loggedSinceCreation(c.id);
    expect(logged.filter((a) => a === 'community.delete')).toHaveLength(deletions);
    expect(logged.filter((a) => a === 'community.restore')).toHaveLength(restores);
    // Each restore undid one deletion, in the order the log keeps.
    expect(deletions - restores).toBe((await statusOf(c.id)) === 'D' ? 1 : 0);
    logged.forEach((action, i) =>
      expect(action).toBe(i % 2 === 0 ? 'community.delete' : 'community.restore'),
    );
  });

  it('nine joins and a deletion: whoever joined did so before, nobody after', async () => {
    const c = await createCommunity(owner, 'raced-joins', { access: { member_policy: 'open' } });
    const joiners = [];
    for (let i = 0; i < 9; i++) joiners.push(await loggedIn(t, `Joiner ${i}`));
    const [removal, ...joins] = await Promise.all([
      deleteCommunity(owner, c.id),
      ...joiners.map((j) => j.client.post(`/api/communities/${c.id}/join`)),
    ]);
    expect(removal.status).toBe(204);
    const joined = joins.filter((answer) => answer.status === 201).length;
    for (const answer of joins) expect([201, 410], answer.body).toContain(answer.status);
    const members = await t.db
      .select()
      .from(communityMembers)
      .where(eq(communityMembers.communityId, c.id));
    expect(members).toHaveLength(1 + joined);
    const logged = await loggedSinceCreation(c.id);
    expect(logged.filter((a) => a === 'community.member_add')).toHaveLength(joined);
    // The deletion came after every join that succeeded.
    expect(logged.at(-1)).toBe('community.delete');
  });
});
