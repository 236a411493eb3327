import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema.ts';
import { countHits } from '../src/services/records/count-hits.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

/*
 * Totals and facet counts: exact, with each facet's counts ignoring its own
 * filter, and kept between requests only until a record changes.
 */

let t: TestApp;
let other: TestApp;
let owner: TestClient;
let anyone: TestClient;

const typed = (title: string, type: string, access?: Record<string, unknown>) =>
  publishable(title, {
    metadata: { ...publishable(title).metadata, resource_type: { id: type } },
    ...(access ? { access } : {}),
  });

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  other = await startTestApp({ sameDatabaseAs: t });
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
  anyone = t.client();
  await publishRecord(owner, typed('Counted dataset one', 'dataset'));
  await publishRecord(owner, typed('Counted dataset two', 'dataset'));
  await publishRecord(owner, typed('Counted software', 'software'));
  await publishRecord(
    owner,
    typed('Counted article', 'publication-article', {
      record: 'public',
      files: 'restricted',
      embargo: { active: true, until: '2999-01-01' },
    }),
  );
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const buckets = (
  json: { aggregations: Record<string, { buckets: unknown[] }> },
  facet: string,
): Record<string, number> =>
  Object.fromEntries(
    (json.aggregations[facet]!.buckets as { key: string; doc_count: number }[]).map((b) => [
      b.key,
      b.doc_count,
    ]),
  );

describe('search totals and facet counts', () => {
  it('are exact, and each facet ignores its own filter', async () => {
    const all = (await anyone.get('/api/records?size=1')).json;
    expect(all.hits.total).toBe(4);
    expect(all.hits.hits).toHaveLength(1);
    const filtered = (await anyone.get('/api/records?size=1&resource_type=dataset')).json;
    expect(filtered.hits.total).toBe(2);
    // resource_type's own buckets ignore resource_type=dataset; access_status's follow it.
    expect(buckets(filtered, 'resource_type')).toEqual({
      dataset: 2,
      software: 1,
      'publication-article': 1,
    });
    expect(buckets(filtered, 'access_status')).toEqual({ 'metadata-only': 2 });
    const both = (
      await anyone.get('/api/records?size=1&resource_type=publication&access_status=embargoed')
    ).json;
    expect(both.hits.total).toBe(1);
    expect(buckets(both, 'access_status')).toEqual({ embargoed: 1 });
    expect(buckets(both, 'resource_type')).toEqual({ 'publication-article': 1 });
    const page = (await anyone.get('/api/records?size=3&page=2')).json;
    expect(page.hits.total).toBe(4);
    expect(page.hits.hits).toHaveLength(1);
  });

  it('show a published record at once, on this server and, once announced, on another', async () => {
    const before = (await anyone.get('/api/records')).json;
    const elsewhere = other.client();
    expect((await elsewhere.get('/api/records')).json.hits.total).toBe(before.hits.total);
    await publishRecord(owner, typed('Counted late software', 'software'));
    const after = (await anyone.get('/api/records')).json;
    expect(after.hits.total).toBe(before.hits.total + 1);
    expect(buckets(after, 'resource_type').software).toBe(
      (buckets(before, 'resource_type').software ?? 0) + 1,
    );
    await expect
      .poll(async () => (await elsewhere.get('/api/records')).json.hits.total)
      .toBe(before.hits.total + 1);
  });

  it('follow a change no request of this server made', async () => {
    const before = (await anyone.get('/api/records')).json.hits.total as number;
    const [row] = await t.db.select({ id: records.id }).from(records).limit(1);
    await t.db.update(records).set({ accessRecord: 'restricted' }).where(eq(records.id, row!.id));
    await expect
      .poll(async () => (await anyone.get('/api/records')).json.hits.total)
      .toBe(before - 1);
  });
});

describe('counting hits without facets', () => {
  it('is exact up to the cap, and an estimate above it that is never below it', async () => {
    const where = sql`${records.isLatest}`;
    const exact = (
      await t.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(records)
        .where(where)
    )[0]!.n;
    expect(exact).toBeGreaterThan(3);
    expect(await countHits(t.db, records, where)).toBe(exact);
    expect(await countHits(t.db, records, where, exact)).toBe(exact);
    expect(await countHits(t.db, records, where, 2)).toBeGreaterThanOrEqual(3);
  });
});
