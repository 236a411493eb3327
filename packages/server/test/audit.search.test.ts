// Reading the audit log (issue "Audit log"): administrators search it by text,
// action, actor, subject and day; nobody else may; entries past the retention
// are purged by the recurring job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../src/db/schema.ts';
import { AUDIT_PURGE_JOB, createAuditService } from '../src/services/audit/audit.service.ts';
import { createShareTargets } from '../src/services/sharing/share-target.ts';
import { recordAudit } from '../src/services/audit/record-audit.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { allEntries } from './audit.helpers.ts';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let adminEmail: string;
let user: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ARCA_AUDIT_RETENTION_DAYS: '30' } });
  const a = await buildUser(t.services, { isAdmin: true, fullName: 'Ada Admin' });
  adminId = a.id;
  adminEmail = a.email;
  admin = t.client();
  await admin.login(a.email);
  user = t.client();
  await user.login((await buildUser(t.services)).email);
  // Two groups and a member, so there is something to find.
  await admin.post('/api/admin/groups', { name: 'searched-group' });
  await admin.post('/api/admin/groups', { name: 'other-group' });
  await admin.patch('/api/admin/groups/other-group', { title: 'Hydrology people' });
}, 180_000);
afterAll(() => t.close());

const search = async (query: string) => {
  const response = await admin.get(`/api/admin/audit${query}`);
  expect(response.status, response.body).toBe(200);
  return response.json as {
    hits: { hits: { action: string; subject: { id: string } }[]; total: number };
    links: Record<string, string>;
  };
};

describe('the admin audit search', () => {
  it('lists entries newest first with actor name and address', async () => {
    const found = await search('');
    expect(found.hits.hits[0]).toMatchObject({
      action: 'admin.group.update',
      actor: { id: adminId, name: 'Ada Admin' },
      address: '127.0.0.1',
      subject: { type: 'group', id: 'other-group' },
      before: { title: '' },
      after: { title: 'Hydrology people' },
    });
    expect(found.hits.hits[0]).toHaveProperty('at', expect.stringMatching(/Z$/));
  });

  it('filters by action, subject, actor, text and days, and pages', async () => {
    const byAction = await search('?action=admin.group.create');
    expect(byAction.hits.hits.map((hit) => hit.subject.id).sort()).toEqual([
      'other-group',
      'searched-group',
    ]);
    const bySubject = await search('?subject=searched-group');
    expect(bySubject.hits.total).toBe(1);
    expect((await search(`?actor=${adminId}&action=admin.group.update`)).hits.total).toBe(1);
    expect((await search(`?actor=${adminId + 1000}`)).hits.total).toBe(0);
    // Or by the actor's e-mail address, in any case; an unknown address finds nothing.
    const byEmail = await search(`?actor=${encodeURIComponent(adminEmail.toUpperCase())}`);
    expect(byEmail.hits.total).toBe((await search(`?actor=${adminId}`)).hits.total);
    expect(byEmail.hits.total).toBeGreaterThanOrEqual(3);
    expect(byEmail.links.self).toContain(`actor=${encodeURIComponent(adminEmail)}`);
    expect((await search('?actor=nobody%40example.org')).hits.total).toBe(0);
    // Text finds the actor's name, an action and the changed values.
    expect((await search('?q=Hydrology')).hits.total).toBe(1);
    expect((await search('?q=ada%20admin')).hits.total).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(`?from=${today}&to=${today}&subject=other-group`)).hits.total).toBe(2);
    expect((await search(`?to=2000-01-01`)).hits.total).toBe(0);
    const paged = await search('?size=1&page=2&action=admin.group.create');
    expect(paged.hits.hits).toHaveLength(1);
    expect(paged.links.prev).toContain('action=admin.group.create');
  });

  it('names the field of bad input in a 400', async () => {
    for (const [query, field] of [
      ['?action=record.explode', 'action'],
      ['?from=yesterday', 'from'],
      ['?actor=abc', 'actor'],
      ['?actor=0', 'actor'],
      ['?actor=99999999999', 'actor'],
      ['?actor=ada%40', 'actor'],
    ] as const) {
      const response = await admin.get(`/api/admin/audit${query}`);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.json.errors)).toContain(field);
    }
  });

  it('answers 403 to everyone but administrators', async () => {
    expect((await user.get('/api/admin/audit')).status).toBe(403);
    expect((await t.client().get('/api/admin/audit')).status).toBe(403);
  });
});

describe('retention', () => {
  it('purges entries older than the retention in the recurring job, keeps the rest', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    await recordAudit(
      t.db,
      { userId: null },
      {
        action: 'admin.group.delete',
        subject: { type: 'group', id: 'long-gone' },
      },
    );
    // Every entry so far is past the retention of 30 days.
    await t.db.update(auditEvents).set({ at: old });
    const kept = new Date(Date.now() - 29 * 86_400_000);
    await recordAudit(
      t.db,
      { userId: null },
      {
        action: 'admin.group.delete',
        subject: { type: 'group', id: 'recent' },
      },
    );
    await t.db.update(auditEvents).set({ at: kept }).where(eq(auditEvents.subjectId, 'recent'));
    await t.services.jobs.enqueue({
      kind: AUDIT_PURGE_JOB,
      key: AUDIT_PURGE_JOB,
      runAt: new Date(),
    });
    await t.services.jobs.runDue();
    const left = (await allEntries(t)).map((row) => row.subjectId);
    expect(left).toEqual(['recent']);
  });

  it('keeps everything when the retention is 0', async () => {
    const forever = createAuditService({
      db: t.db,
      targets: createShareTargets(t.db),
      retentionDays: 0,
    });
    expect(await forever.purge(new Date(Date.now() + 10_000 * 86_400_000))).toBe(0);
    expect((await allEntries(t)).map((row) => row.subjectId)).toEqual(['recent']);
  });
});
