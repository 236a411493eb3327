import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { jobs, secretLinks, secretLinkUses } from '../src/db/schema.ts';
import { LINK_USES_PURGE_JOB, purgeLinkUses } from '../src/services/sharing/link-uses-purge.ts';
import { owner, t, useAccessRequestApp } from './access-requests.helpers.ts';
import { uploadFile } from './files.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

// A secret link's uses, paged for its managers, and deleted after the retention
// (30 days here) while the link keeps its counts: caps and usage stay whole.
useAccessRequestApp({ ARCA_LINK_USES_RETENTION_DAYS: '30' });

const DAY_MS = 86_400_000;

async function restrictedWithFile(title: string) {
  const draft = await createDraft(
    owner,
    publishable(title, {
      access: { record: 'restricted', files: 'restricted' },
      files: { enabled: true },
    }),
  );
  await uploadFile(owner, draft.json.id, 'data.csv', Buffer.from('a,b\n1,2\n'));
  const published = await owner.post(`/api/records/${draft.json.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json.id as string;
}

async function link(recordId: string, body: Record<string, unknown> = {}) {
  const created = await owner.post(`/api/records/${recordId}/access/links`, {
    permission: 'view',
    ...body,
  });
  expect(created.status, created.body).toBe(201);
  return created.json as { id: string; token: string };
}

/** One use by the browser called `who` (its user agent makes it another visitor). */
async function use(recordId: string, token: string, who: string, path = '') {
  const answer = await t
    .client()
    .get(`/api/records/${recordId}${path}?token=${token}`, { headers: { 'user-agent': who } });
  return answer.status;
}

const usageOf = async (recordId: string, linkId: string) =>
  (await owner.get(`/api/records/${recordId}/access/links/${linkId}`)).json.usage;

const keptUses = async (linkId: string) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(secretLinkUses)
        .where(eq(secretLinkUses.linkId, linkId))
    )[0]!.n,
  );

/** Moves every use of `linkId` back `days` days, as if made then. */
async function age(linkId: string, days: number) {
  const then = new Date(Date.now() - days * DAY_MS);
  await t.db.update(secretLinkUses).set({ usedAt: then }).where(eq(secretLinkUses.linkId, linkId));
  await t.db.update(secretLinks).set({ lastUsedAt: then }).where(eq(secretLinks.id, linkId));
}

async function runPurgeJob() {
  await t.services.jobs.enqueue({
    kind: LINK_USES_PURGE_JOB,
    key: LINK_USES_PURGE_JOB,
    runAt: new Date(),
  });
  await t.services.jobs.runDue();
}

describe('the uses of a secret link, paged', () => {
  it('lists a page of uses with the version, the file and the visitor by number', async () => {
    const id = await restrictedWithFile('Paged soil');
    const { id: linkId, token } = await link(id);
    expect(await use(id, token, 'First')).toBe(200);
    expect(await use(id, token, 'Second', '/files/data.csv/content')).toBe(200);
    expect(await use(id, token, 'First')).toBe(200);
    const base = `/api/records/${id}/access/links/${linkId}/uses`;
    const first = await owner.get(`${base}?size=2`);
    expect(first.status, first.body).toBe(200);
    expect(first.json.hits.total).toBe(3);
    expect(first.json.hits.hits).toEqual([
      { used_at: expect.any(String), record_id: id, version: 1, file: null, visitor: 1 },
      { used_at: expect.any(String), record_id: id, version: 1, file: 'data.csv', visitor: 2 },
    ]);
    expect(first.json.links.next).toContain('page=2');
    const second = await owner.get(`${base}?page=2&size=2`);
    expect(second.json.hits.hits.map((hit: { visitor: number }) => hit.visitor)).toEqual([1]);
    expect(second.json.links.next).toBeUndefined();
    // The visitor hashes stay in the database.
    const [stored] = await t.db
      .select({ visitor: secretLinkUses.visitor })
      .from(secretLinkUses)
      .where(eq(secretLinkUses.linkId, linkId));
    expect(JSON.stringify(first.json) + JSON.stringify(second.json)).not.toContain(stored!.visitor);
  });

  it('answers bad paging with a 400 naming the parameter', async () => {
    const id = await restrictedWithFile('Badly paged soil');
    const { id: linkId } = await link(id);
    const base = `/api/records/${id}/access/links/${linkId}/uses`;
    for (const [query, field] of [
      ['page=0', 'page'],
      ['size=0', 'size'],
      ['size=abc', 'size'],
    ]) {
      const bad = await owner.get(`${base}?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json.errors[0].field).toBe(field);
    }
    expect((await owner.get(`${base}?page=1000&size=100`)).status).toBe(400);
  });

  it('numbers a new visitor of the same day as the next one, however many uses', async () => {
    const id = await restrictedWithFile('Numbered soil');
    const { id: linkId, token } = await link(id);
    for (const who of ['A', 'B', 'A', 'C', 'B']) expect(await use(id, token, who)).toBe(200);
    const uses = await owner.get(`/api/records/${id}/access/links/${linkId}/uses`);
    const numbers = (uses.json.hits.hits as { visitor: number }[]).map((hit) => hit.visitor);
    expect(numbers).toEqual([2, 3, 1, 2, 1]);
    expect(await usageOf(id, linkId)).toMatchObject({ uses: 5, visitors: 3 });
  });
});

describe('retention of secret link uses', () => {
  it('deletes uses past the retention in the daily job, keeping the usage and the rest', async () => {
    const id = await restrictedWithFile('Retained soil');
    const { id: linkId, token } = await link(id);
    expect(await use(id, token, 'Old reader')).toBe(200);
    expect(await use(id, token, 'Old reader', '/files/data.csv/content')).toBe(200);
    await age(linkId, 31);
    const before = await usageOf(id, linkId);
    expect(await use(id, token, 'Recent reader')).toBe(200);
    await runPurgeJob();
    expect(await keptUses(linkId)).toBe(1);
    const listed = await owner.get(`/api/records/${id}/access/links/${linkId}/uses`);
    expect(listed.json.hits.total).toBe(1);
    expect(listed.json.hits.hits[0]).toMatchObject({ file: null, visitor: 2 });
    // The usage still counts the deleted uses: the link keeps its counts.
    expect(await usageOf(id, linkId)).toMatchObject({
      uses: 3,
      downloads: 1,
      visitors: 2,
    });
    expect(Date.parse((await usageOf(id, linkId)).last_used_at)).toBeGreaterThan(
      Date.parse(before.last_used_at as string),
    );
    // The job is scheduled again for the next day.
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, LINK_USES_PURGE_JOB));
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
  });

  it('keeps a cap after its uses were deleted, and the summary says so', async () => {
    const id = await restrictedWithFile('Capped and purged soil');
    const { id: linkId, token } = await link(id, { max_uses: 2, max_downloads: 1 });
    expect(await use(id, token, 'Early', '/files/data.csv/content')).toBe(200);
    expect(await use(id, token, 'Early')).toBe(200);
    await age(linkId, 40);
    await runPurgeJob();
    expect(await keptUses(linkId)).toBe(0);
    // Refused as before the purge, with why.
    const refused = await t.client().get(`/api/records/${id}?token=${token}`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(
      'This link has reached its limit of uses and no longer gives access.',
    );
    // The managers still see it used up, and when it was last used.
    const usage = await usageOf(id, linkId);
    expect(usage).toMatchObject({ uses: 2, downloads: 1, visitors: 1 });
    expect(Date.now() - Date.parse(usage.last_used_at)).toBeGreaterThan(39 * DAY_MS);
    // Raising the use cap lets a visitor in again, but not to a second download.
    await owner.patch(`/api/records/${id}/access/links/${linkId}`, { max_uses: 5 });
    expect(await use(id, token, 'Late')).toBe(200);
    expect(await use(id, token, 'Late', '/files/data.csv/content')).toBe(403);
    // A visitor after the purge is numbered after those whose uses went.
    const listed = await owner.get(`/api/records/${id}/access/links/${linkId}/uses`);
    expect(listed.json.hits.hits).toMatchObject([{ visitor: 2 }]);
    expect(await usageOf(id, linkId)).toMatchObject({ uses: 3, visitors: 2 });
  });

  it('is a whole number of days, 365 unless set; a bad setting stops the start, named', () => {
    const key = { ARCA_SECRET_KEY: 'x'.repeat(40) };
    expect(loadConfig(key).linkUsesRetentionDays).toBe(365);
    expect(loadConfig({ ...key, ARCA_LINK_USES_RETENTION_DAYS: '0' }).linkUsesRetentionDays).toBe(
      0,
    );
    for (const bad of ['-1', '1.5', 'a year', '100000']) {
      expect(() => loadConfig({ ...key, ARCA_LINK_USES_RETENTION_DAYS: bad }), bad).toThrow(
        /ARCA_LINK_USES_RETENTION_DAYS/,
      );
    }
  });

  it('keeps every use with a retention of 0', async () => {
    const id = await restrictedWithFile('Kept soil');
    const { id: linkId, token } = await link(id);
    expect(await use(id, token, 'Reader')).toBe(200);
    await age(linkId, 10_000);
    expect(await purgeLinkUses(t.db, 0)).toBe(0);
    expect(await keptUses(linkId)).toBe(1);
    // With a retention, the same use goes.
    expect(await purgeLinkUses(t.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await keptUses(linkId)).toBe(0);
  });

  it('deletes a link’s uses with the link', async () => {
    const id = await restrictedWithFile('Revoked soil');
    const { id: linkId, token } = await link(id);
    expect(await use(id, token, 'Reader')).toBe(200);
    expect(await keptUses(linkId)).toBe(1);
    expect((await owner.delete(`/api/records/${id}/access/links/${linkId}`)).status).toBe(204);
    expect(await keptUses(linkId)).toBe(0);
    expect((await owner.get(`/api/records/${id}/access/links/${linkId}/uses`)).status).toBe(404);
  });
});
