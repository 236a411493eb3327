// Deleting published records (issue 21): an owner within the window, a request
// after it, administrators deleting and restoring; a deleted record answers 410
// with InvenioRDM's tombstone everywhere, and leaves search.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fileObjects, pids, records, requestEvents, requests } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { age, expectGone, publishedWithFile } from './records.deletion.helpers.ts';
import { fieldErrors, publishRecord, publishable } from './records.helpers.ts';
import { createCommunity } from './communities.helpers.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'arca-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');

let t: TestApp;
let alice: TestClient;
let admin: TestClient;
let aliceId: number;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true, env: { ARCA_WEB_DIST: webDist } });
  const owner = await buildUser(t.services);
  aliceId = owner.id;
  alice = t.client();
  await alice.login(owner.email);
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
  // Starting with the vocabularies takes a while on a busy machine.
}, 300_000);
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const titles = async (query: string) =>
  (
    (await t.client().get(`/api/records?q=${encodeURIComponent(query)}&allversions=true`)).json.hits
      .hits as { id: string }[]
  ).map((hit) => hit.id);

describe('an owner deleting their record', () => {
  it('deletes at once within the window: 410 with the tombstone on every route, out of search', async () => {
    const record = await publishedWithFile(alice, 'Soon deleted by its owner');
    expect(await titles('"Soon deleted by its owner"')).toEqual([record.id]);
    const response = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: { id: 'test-record' },
      note: 'Uploaded by mistake.',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json).toEqual({ deleted: true, request: null });

    await expectGone(t, record.id);
    const gone = await t.client().get(`/api/records/${record.id}`);
    expect(gone.json).toMatchObject({
      status: 410,
      message: 'Record deleted',
      tombstone: {
        removal_reason: { id: 'test-record' },
        note: 'Uploaded by mistake.',
        removed_by: { user: String(aliceId) },
        is_visible: true,
      },
    });
    expect(gone.json.tombstone.citation_text).toContain('Soon deleted by its owner');
    expect(gone.json.tombstone.citation_text).toContain(record.pids.doi.identifier);
    expect(Date.parse(gone.json.tombstone.removal_date)).not.toBeNaN();
    expect(await titles('"Soon deleted by its owner"')).toEqual([]);
    // The parent's id (the concept) answers the tombstone too; the DOI stays held by the record.
    expect((await t.client().get(`/api/records/${record.parent.id}`)).status).toBe(410);
    const [pid] = await t.db
      .select()
      .from(pids)
      .where(eq(pids.identifier, record.pids.doi.identifier));
    expect(pid).toMatchObject({ objectId: record.id, status: 'deleted' });
    // No edit, no new version, no second deletion.
    expect((await alice.post(`/api/records/${record.id}/draft`)).status).toBe(410);
    expect((await alice.post(`/api/records/${record.id}/versions`)).status).toBe(410);
    expect(
      (await alice.post(`/api/records/${record.id}/request-deletion`, { removal_reason: 'other' }))
        .status,
    ).toBe(410);
  });

  it('names the field of a wrong reason, and lets only the owner ask', async () => {
    const record = await publishRecord(alice, publishable('Asked wrongly'));
    const unknown = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: { id: 'boredom' },
    });
    expect(unknown.status).toBe(400);
    expect(fieldErrors(unknown)['removal_reason.id']).toEqual([
      'This value is not in the vocabulary.',
    ]);
    const missing = await alice.post(`/api/records/${record.id}/request-deletion`, {});
    expect(fieldErrors(missing)['removal_reason']).toHaveLength(1);
    const stranger = t.client();
    await stranger.login((await buildUser(t.services)).email);
    expect(
      (
        await stranger.post(`/api/records/${record.id}/request-deletion`, {
          removal_reason: 'spam',
        })
      ).status,
    ).toBe(403);
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(200);
  });

  it('asks the administrators after the window: accepted, the record is deleted', async () => {
    const record = await publishRecord(alice, publishable('Old and asked for'));
    await age(t, record.id);
    const asked = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: { id: 'duplicate' },
      note: 'Same as another record.',
    });
    expect(asked.status, asked.body).toBe(201);
    expect(asked.json.deleted).toBe(false);
    expect(asked.json.request).toMatchObject({ type: 'record-deletion', status: 'submitted' });
    const requestId = asked.json.request.id as string;
    // Still there while it waits; a second request is refused.
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(200);
    const again = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: 'duplicate',
    });
    expect(again.status).toBe(400);
    // The administrators find it in their requests; the owner cannot decide it.
    const listed = await admin.get('/api/user/requests?size=100');
    expect(listed.json.hits.hits.map((hit: { id: string }) => hit.id)).toContain(requestId);
    expect((await alice.post(`/api/requests/${requestId}/actions/accept`)).status).toBe(403);
    const accepted = await admin.post(`/api/requests/${requestId}/actions/accept`);
    expect(accepted.status, accepted.body).toBe(200);
    const gone = await t.client().get(`/api/records/${record.id}`);
    expect(gone.status).toBe(410);
    expect(gone.json.tombstone).toMatchObject({
      removal_reason: { id: 'duplicate' },
      note: 'Same as another record.',
    });
  });

  it('asks the administrators after the window: declined, the record stays', async () => {
    const record = await publishRecord(alice, publishable('Old and kept'));
    await age(t, record.id);
    const asked = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: 'other',
    });
    const declined = await admin.post(`/api/requests/${asked.json.request.id}/actions/decline`);
    expect(declined.status, declined.body).toBe(200);
    const kept = await t.client().get(`/api/records/${record.id}`);
    expect(kept.status).toBe(200);
    expect(kept.json.deletion_status).toEqual({ is_deleted: false, status: 'P' });
    // Declined: the owner may ask again.
    const again = await alice.post(`/api/records/${record.id}/request-deletion`, {
      removal_reason: 'other',
    });
    expect(again.status).toBe(201);
  });
});

describe('administrators', () => {
  it('delete with their own tombstone, then restore the record as it was', async () => {
    const record = await publishedWithFile(alice, 'Deleted by an administrator');
    const body = {
      removal_reason: { id: 'copyright' },
      note: 'Reported by the rights holder.',
      citation_text: 'Doe, J. (2025). Deleted by an administrator.',
      is_visible: true,
    };
    expect((await alice.delete(`/api/records/${record.id}/delete`, { body })).status).toBe(403);
    const deleted = await admin.delete(`/api/records/${record.id}/delete`, { body });
    expect(deleted.status, deleted.body).toBe(204);
    await expectGone(t, record.id, admin);
    expect((await t.client().get(`/api/records/${record.id}`)).json.tombstone).toMatchObject({
      ...body,
      removed_by: { user: expect.any(String) },
    });
    // Deleting again: gone already.
    expect((await admin.delete(`/api/records/${record.id}/delete`, { body })).status).toBe(410);

    expect((await alice.post(`/api/records/${record.id}/restore`)).status).toBe(403);
    const restored = await admin.post(`/api/records/${record.id}/restore`);
    expect(restored.status, restored.body).toBe(200);
    expect(restored.json.deletion_status).toEqual({ is_deleted: false, status: 'P' });
    expect((await t.client().get(`/api/records/${record.id}/files/data.csv/content`)).status).toBe(
      200,
    );
    expect(await titles('"Deleted by an administrator"')).toEqual([record.id]);
    expect((await admin.post(`/api/records/${record.id}/restore`)).status).toBe(400);
  });

  it('hide a tombstone (404), and remove the files of spam from storage', async () => {
    const record = await publishedWithFile(alice, 'Spam, hidden');
    const [entry] = await t.db.select().from(fileObjects);
    expect(entry).toBeDefined();
    const deleted = await admin.delete(`/api/records/${record.id}/delete`, {
      body: { removal_reason: 'spam', is_visible: false },
    });
    expect(deleted.status, deleted.body).toBe(204);
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(404);
    const listing = await t.db.execute(
      // Its file entries are gone, and the objects only it named with them.
      `SELECT count(*)::int AS n FROM file_entries WHERE record_id = '${record.id}'`,
    );
    expect((listing as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('delete every version of a record at once', async () => {
    const first = await publishRecord(alice, publishable('Two versions, both deleted'));
    const next = (await alice.post(`/api/records/${first.id}/versions`)).json;
    await alice.put(`/api/records/${next.id}/draft`, publishable('Two versions, both deleted'));
    const second = await alice.post(`/api/records/${next.id}/draft/actions/publish`);
    expect(second.status, second.body).toBe(202);
    const deleted = await admin.delete(`/api/records/${first.id}/delete`, {
      body: { removal_reason: 'misconduct', all_versions: true },
    });
    expect(deleted.status, deleted.body).toBe(204);
    for (const id of [first.id, next.id, first.parent.id]) {
      expect((await t.client().get(`/api/records/${id}`)).status, id).toBe(410);
    }
    expect(await titles('"Two versions, both deleted"')).toEqual([]);
    const rows = await t.db
      .select({ status: records.deletionStatus, latest: records.isLatest })
      .from(records)
      .where(eq(records.parentId, first.parent.id));
    expect(rows).toEqual([
      { status: 'D', latest: false },
      { status: 'D', latest: false },
    ]);
    // Restoring the first version makes it the latest again.
    await admin.post(`/api/records/${first.id}/restore`);
    const latest = await t.client().get(`/api/records/${first.parent.id}`);
    expect(latest.status).toBe(302);
    expect(latest.headers.location).toContain(first.id);
  });
});

describe('searching with include_deleted', () => {
  it('shows administrators the deleted records with their tombstones; others never', async () => {
    const record = await publishRecord(alice, publishable('Found again by an administrator'));
    await admin.delete(`/api/records/${record.id}/delete`, {
      body: { removal_reason: 'other', note: 'Asked by the funder.' },
    });
    const q = `q=${encodeURIComponent('"Found again by an administrator"')}`;
    const hits = async (client: TestClient, query: string) =>
      (await client.get(`/api/records?${q}${query}`)).json.hits.hits as Record<string, unknown>[];
    for (const query of ['&include_deleted=1', '&include_deleted=1&allversions=true']) {
      const [hit, ...more] = await hits(admin, query);
      expect(more, query).toEqual([]);
      expect(hit, query).toMatchObject({
        id: record.id,
        deletion_status: { is_deleted: true, status: 'D' },
        tombstone: { removal_reason: { id: 'other' }, note: 'Asked by the funder.' },
      });
    }
    expect(await hits(admin, '')).toEqual([]);
    // The owner and the public ask in vain: the parameter is ignored for them.
    expect(await hits(alice, '&include_deleted=1')).toEqual([]);
    expect(await hits(t.client(), '&include_deleted=true')).toEqual([]);
  });
});

describe('the open requests of a deleted parent', () => {
  it("are cancelled by the system in the deletion: a new version's review, an inclusion", async () => {
    const lab = await createCommunity(admin, 'deletion-lab');
    const record = await publishRecord(alice, publishable('Asked into a community, then deleted'));
    // Alice is no member: her record waits for the curators.
    const asked = await alice.post(`/api/records/${record.id}/communities`, {
      communities: [{ id: lab.id }],
    });
    expect(asked.status, asked.body).toBe(200);
    const [inclusion] = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.type, 'community-inclusion'), eq(requests.topicId, record.id)));
    expect(inclusion?.status).toBe('submitted');
    // A new version's draft under review (as a community's review of new versions makes it).
    const next = (await alice.post(`/api/records/${record.id}/versions`)).json as { id: string };
    const aliceActor = {
      identity: { userId: aliceId, isAdmin: false, isSystem: false },
      groups: [],
      links: [],
    };
    const review = await t.services.requests.create({
      type: 'community-submission',
      title: 'Next version',
      topic: { type: 'record', id: next.id },
      receiver: { type: 'community', id: lab.id },
      creator: { type: 'user', id: String(aliceId) },
    });
    await t.services.requests.act(aliceActor, review.id, 'submit');

    const deleted = await admin.delete(`/api/records/${record.id}/delete`, {
      body: { removal_reason: 'other', all_versions: true },
    });
    expect(deleted.status, deleted.body).toBe(204);
    for (const id of [inclusion!.id, review.id]) {
      const [row] = await t.db.select().from(requests).where(eq(requests.id, id));
      expect(row?.status, id).toBe('cancelled');
      // Its timeline says so, logged by the system (no user), as invenio-requests logs it.
      const logs = await t.db
        .select({ payload: requestEvents.payload, by: requestEvents.createdBy })
        .from(requestEvents)
        .where(and(eq(requestEvents.requestId, id), eq(requestEvents.type, 'L')));
      expect(logs).toEqual([
        { payload: expect.objectContaining({ event: 'cancelled' }), by: null },
      ]);
    }
    // The owner sees it closed; the curators have nothing left to accept.
    const shown = await alice.get(`/api/requests/${review.id}`);
    expect(shown.json).toMatchObject({ status: 'cancelled', is_open: false });
    expect((await admin.post(`/api/requests/${inclusion!.id}/actions/accept`)).status).toBe(400);
  });
});

describe('many callers at once', () => {
  const ROUNDS = 10;
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

  it('delete while the curators accept an inclusion: one outcome for the request', async () => {
    const lab = await createCommunity(admin, 'race-lab');
    const record = await publishRecord(alice, publishable('Raced into a community'));
    await alice.post(`/api/records/${record.id}/communities`, { communities: [{ id: lab.id }] });
    const [inclusion] = await t.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.type, 'community-inclusion'), eq(requests.topicId, record.id)));
    const half = ROUNDS / 2;
    const answers = await Promise.all([
      ...Array.from({ length: half }, () =>
        admin.delete(`/api/records/${record.id}/delete`, { body: { removal_reason: 'other' } }),
      ),
      ...Array.from({ length: half }, () =>
        admin.post(`/api/requests/${inclusion!.id}/actions/accept`),
      ),
    ]);
    const deletes = statuses(answers.slice(0, half));
    const accepts = statuses(answers.slice(half));
    expect(deletes).toEqual([204, ...Array<number>(half - 1).fill(410)]);
    const [row] = await t.db.select().from(requests).where(eq(requests.id, inclusion!.id));
    // Accepted before the deletion, or cancelled by it: never both, never left open.
    if (row?.status === 'accepted') {
      expect(accepts).toEqual([200, ...Array<number>(half - 1).fill(400)]);
    } else {
      expect(row?.status).toBe('cancelled');
      expect(accepts).toEqual(Array<number>(half).fill(400));
    }
  });

  it('delete, restore and ask once: one outcome, no duplicate requests', async () => {
    const record = await publishRecord(alice, publishable('Raced'));
    const deletes = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        admin.delete(`/api/records/${record.id}/delete`, { body: { removal_reason: 'other' } }),
      ),
    );
    expect(statuses(deletes)).toEqual([204, ...Array<number>(ROUNDS - 1).fill(410)]);
    const restores = await Promise.all(
      Array.from({ length: ROUNDS }, () => admin.post(`/api/records/${record.id}/restore`)),
    );
    expect(statuses(restores)).toEqual([200, ...Array<number>(ROUNDS - 1).fill(400)]);

    await age(t, record.id);
    const asks = await Promise.all(
      Array.from({ length: ROUNDS }, () =>
        alice.post(`/api/records/${record.id}/request-deletion`, { removal_reason: 'other' }),
      ),
    );
    expect(statuses(asks)).toEqual([201, ...Array<number>(ROUNDS - 1).fill(400)]);
    const made = await t.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.type, 'record-deletion'), eq(requests.topicId, record.id)));
    expect(made).toHaveLength(1);
  });
});
