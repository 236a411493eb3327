import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/http/auth.ts';
import { DEFAULT_PASSWORD, buildUser, startTestApp, type TestApp } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// What a copy of the database gives away (docs/SECURITY.md, "Secrets at rest"): no password,
// no session cookie, no API token and no secret link token can be read back from it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
});
afterAll(() => t.close());

/** Every text of the whole database, one table at a time, as PostgreSQL prints its rows. */
async function everything(): Promise<string> {
  const tables = await t.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const texts: string[] = [];
  for (const { tablename } of (tables as { rows: { tablename: string }[] }).rows) {
    const rows = await t.db.execute(sql.raw(`SELECT t::text AS row FROM "${tablename}" t`));
    for (const { row } of (rows as { rows: { row: string }[] }).rows) texts.push(row);
  }
  return texts.join('\n');
}

describe('secrets at rest', () => {
  it('are stored as hashes or not at all', async () => {
    const user = await buildUser(t.services, {});
    const browser = t.client();
    await browser.login(user.email);
    const session = browser.cookies.get(SESSION_COOKIE)!;
    const token = (await browser.post('/api/user/tokens', { name: 'script' })).json.token as string;
    const record = await publishRecord(browser, publishable('Linked data'));
    const link = await browser.post(`/api/records/${record.id}/access/links`, {
      permission: 'view',
    });
    expect(link.status, link.body).toBe(201);
    const linkToken = link.json.token as string;

    const stored = await everything();
    // The dump holds what is not secret: the check below reads the real rows.
    expect(stored.includes(user.email)).toBe(true);
    expect(stored.includes('Linked data')).toBe(true);
    const secrets = { password: DEFAULT_PASSWORD, session, token, linkToken };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(stored.includes(secret), `${name} stored as it is`).toBe(false);
    }
    // Passwords as argon2id hashes.
    expect(/\$argon2id\$/.test(stored)).toBe(true);
  });
});
