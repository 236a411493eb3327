import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// Parallel callers against one limit (issue 22, item 1). PGlite runs one query at a time, so
// the race shows on PostgreSQL (`integration-postgres`); the answers must hold on both.
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  // Each test speaks from its own address (X-Forwarded-For), so the limits do not meet.
  t = await startTestApp({ vocabularies: true, env: { ARCA_TRUST_PROXY: 'true' } });
  const a = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(a.email);
});
afterAll(() => t.close());

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Sends `n` logins at once, each from `address`; returns the statuses. */
async function parallelLogins(n: number, address: string, email: (i: number) => string) {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.client().request('POST', '/api/auth/login', {
        body: { email: email(i), password: 'wrong password' },
        headers: { 'x-forwarded-for': address },
      }),
    ),
  );
  return answers.map((answer) => answer.status);
}

describe('parallel wrong passwords', () => {
  // A 401 is an answer after the password was checked; a 429 was refused before.
  for (const n of [20, 100]) {
    it(`${n} at once against one account: at most the account's limit are checked`, async () => {
      const user = await buildUser(t.services);
      const statuses = await parallelLogins(n, `10.22.${n}.1`, () => user.email);
      const limit = t.config.login.maxFailuresPerAccount;
      expect(count(statuses, 401), String(statuses)).toBe(limit);
      expect(count(statuses, 429), String(statuses)).toBe(n - limit);
    });
  }

  it('100 at once from one address against many accounts: at most the address limit', async () => {
    const statuses = await parallelLogins(100, '10.22.0.9', (i) => `nobody${i}@guess.example`);
    const limit = t.config.login.maxFailuresPerAddress;
    expect(count(statuses, 401), String(statuses)).toBe(limit);
    expect(count(statuses, 429), String(statuses)).toBe(100 - limit);
  });

  it('letter case does not buy an account new attempts', async () => {
    const user = await buildUser(t.services);
    const limit = t.config.login.maxFailuresPerAccount;
    const statuses = await parallelLogins(2 * limit, '10.22.1.1', (i) =>
      i % 2 ? user.email.toUpperCase() : user.email,
    );
    expect(count(statuses, 401), String(statuses)).toBe(limit);
  });
});

describe('parallel guest access requests', () => {
  it('30 at once for one e-mail send at most the per-e-mail limit of mails', async () => {
    const owner = t.client();
    const o = await buildUser(t.services);
    await owner.login(o.email);
    const record = (await publishRecord(
      owner,
      publishable('Parallel guests', { access: { record: 'public', files: 'restricted' } }),
    )) as { id: string };
    const put = await owner.put(`/api/records/${record.id}/access`, {
      allow_guest_requests: true,
    });
    expect(put.status, put.body).toBe(200);
    const mails = async () => {
      await t.services.jobs.runDue();
      return (await admin.get('/api/admin/outbox?size=1')).json.hits.total as number;
    };
    const before = await mails();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.client().request('POST', `/api/records/${record.id}/access/request`, {
          body: { email: 'parallel@guest.example', full_name: 'Par Allel' },
          headers: { 'x-forwarded-for': '10.22.2.1' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const limit = t.config.guestRequests.perEmail;
    expect(count(statuses, 200), String(statuses)).toBe(limit);
    expect(count(statuses, 429), String(statuses)).toBe(30 - limit);
    expect((await mails()) - before).toBe(limit);
  });
});
