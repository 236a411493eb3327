import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

/**
 * Valid bodies, so that a refusal cannot hide behind a 400: a new admin route
 * with a body fails this test until it is given one here.
 */
const BODIES: Record<string, unknown> = {
  'POST /api/admin/users': {
    email: 'new-person@example.org',
    password: 'correct horse battery',
    full_name: 'New Person',
  },
  'PATCH /api/admin/users/{id}': { active: false },
  'PUT /api/admin/users/{id}/quota': { max_drafts: null, max_bytes: null },
  'POST /api/admin/groups': { name: 'curators' },
  'PATCH /api/admin/groups/{id}': { title: 'Curators' },
  'PUT /api/admin/records/{id}/quota': { max_files: 10, max_bytes: 1000 },
  'POST /api/admin/doi-registrations/retry': { doi: '10.1234/abc' },
};

/** Every admin route of the live app, from its OpenAPI description. */
function adminRoutes(t: TestApp): { method: string; path: string }[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
}

describe('admin routes', () => {
  let t: TestApp;
  let user: TestClient;
  let target: number;
  let draftId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const person = await buildUser(t.services);
    target = (await buildUser(t.services)).id;
    user = t.client();
    await user.login(person.email);
    // The user's own draft: owning a record gives no way into the admin routes.
    draftId = (await user.post('/api/records', {})).json.id as string;
  });
  afterAll(() => t.close());

  async function walk(client: TestClient): Promise<void> {
    const routes = adminRoutes(t);
    expect(routes.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const { method, path } of routes) {
      const id = path.includes('/groups/')
        ? 'curators'
        : path.includes('/records/')
          ? draftId
          : String(target);
      const url = path.replace('{userId}', String(target)).replace('{id}', id);
      const body = BODIES[`${method} ${path}`];
      const response = await client.request(method as 'GET', url, body ? { body } : {});
      answers.push(`${method} ${path} ${response.status}`);
    }
    expect(answers).toEqual(routes.map(({ method, path }) => `${method} ${path} 403`));
  }

  it('answer 403 to a signed-in non-admin, every one of them', () => walk(user));

  it('answer 403 to an anonymous visitor, every one of them', () => walk(t.client()));

  it('leave a user their own quota to read, not anyone else', async () => {
    expect((await user.get('/api/me/quota')).json).toMatchObject({ used_bytes: 0, open_drafts: 1 });
    expect((await t.client().get('/api/me/quota')).status).toBe(403);
  });

  it('leave the account alone', async () => {
    expect((await t.services.accounts.get(target)).active).toBe(true);
  });

  it('give an administrator the counts, the queue and an address check', async () => {
    const admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    const stats = (await admin.get('/api/admin/stats')).json;
    expect(stats).toMatchObject({ users: 3, records: 0, open_requests: 0, failed_jobs: 0 });
    await t.services.jobs.enqueue({ kind: 'nothing', payload: {}, runAt: new Date(0) });
    await t.services.jobs.runDue();
    const failed = (await admin.get('/api/admin/jobs?failed=true')).json.hits;
    expect(failed.total).toBe(1);
    const retried = await admin.post(`/api/admin/jobs/${failed.hits[0].id}/retry`);
    expect(retried.status).toBe(202);
    expect((await admin.get('/api/admin/stats')).json.failed_jobs).toBe(1);
    await t.services.accounts.update(target, { email_verified: false });
    const found = (await admin.get(`/api/admin/records?q=${draftId}`)).json.hits;
    expect(found.hits).toMatchObject([{ id: draftId, status: 'draft' }]);
    const patched = await admin.patch(`/api/admin/users/${target}`, { email_verified: true });
    expect(patched.json.email_verified).toBe(true);
  });

  it('retry a failed job once for 10 parallel administrators', async () => {
    const admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    await t.services.jobs.enqueue({ kind: 'nothing', key: 'parallel', runAt: new Date(0) });
    await t.services.jobs.runDue();
    const [job] = (await admin.get('/api/admin/jobs?failed=true')).json.hits.hits;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/jobs/${job.id}/retry`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    const after = (await admin.get('/api/admin/jobs')).json.hits.hits;
    expect(after.filter((row: { id: string }) => row.id === job.id)).toHaveLength(1);
    expect(Date.parse(after[0].run_at)).toBeLessThanOrEqual(Date.now());
  });
});
