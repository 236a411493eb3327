// The admins' free-text audit search is served by indexes (issue "Audit log"):
// the entry's text through its trigram index, actors through the actor index.
// With sequential scans switched off, a plan that cannot use them shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql, type SQL } from 'drizzle-orm';
import { auditEvents, users } from '../src/db/schema.ts';
import { auditTextMatches } from '../src/services/audit/audit.service.ts';
import { recordAudit } from '../src/services/audit/record-audit.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  const a = await buildUser(t.services, { isAdmin: true, fullName: 'Ines Indexer' });
  admin = t.client();
  await admin.login(a.email);
  const seeded = [
    ['198.51.100.23', 'glacier-lab', { title: 'Moraine sediments' }],
    ['203.0.113.9', 'river-lab', { title: 'Estuary salinity' }],
  ] as const;
  for (const [address, group, after] of seeded) {
    await recordAudit(
      t.db,
      { userId: null, address },
      { action: 'admin.group.update', subject: { type: 'group', id: group }, after },
    );
  }
}, 180_000);
afterAll(() => t.close());

/** The plan of counting the entries that match, sequential scans off. */
async function planOf(where: SQL | undefined): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const query = tx.select({ n: count() }).from(auditEvents).where(where);
    const result: unknown = await tx.execute(sql`EXPLAIN ${query.getSQL()}`);
    return (result as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });
}

const totalFor = async (q: string) => {
  const response = await admin.get(`/api/admin/audit?q=${encodeURIComponent(q)}`);
  expect(response.status, response.body).toBe(200);
  return (response.json as { hits: { total: number } }).hits.total;
};

describe('the free-text audit search', () => {
  it('is planned on the trigram index of the entry text and on the actor index', async () => {
    // The text names an actor (Ines Indexer) and an entry's changed value.
    const plan = await planOf(await auditTextMatches(t.db, 'indexer'));
    expect(plan).toContain('audit_events_text_trgm');
    expect(plan).toContain('audit_events_actor_idx');
    expect(plan).not.toMatch(/Seq Scan on audit_events/);
  });

  it('finds parts of the changed values, the subject, the address and the action', async () => {
    expect(await totalFor('moraine sed')).toBe(1);
    expect(await totalFor('river-l')).toBe(1);
    expect(await totalFor('198.51.100')).toBe(1);
    expect(await totalFor('group.upd')).toBe(2);
    expect(await totalFor('no such words')).toBe(0);
    // LIKE's wildcards are taken literally.
    expect(await totalFor('%')).toBe(0);
  });

  it('still finds every actor when a text names more of them than are listed one by one', async () => {
    const many = await t.db
      .insert(users)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          email: `crowd${i}@example.org`,
          fullName: `Crowd Member ${i}`,
        })),
      )
      .returning({ id: users.id });
    for (const who of [many[0]!, many[500]!]) {
      await recordAudit(
        t.db,
        { userId: who.id },
        { action: 'token.create', subject: { type: 'user', id: who.id } },
      );
    }
    expect(await totalFor('crowd member')).toBe(2);
    expect(await totalFor('crowd member 500')).toBe(1);
  });
});
