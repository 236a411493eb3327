import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { RECORD_CHANGES_CHANNEL } from '../src/http/record-cache.ts';
import { SESSION_CHANGES_CHANNEL } from '../src/services/sessions.service.ts';
import { buildUser, startTestApp, testDatabase, type TestApp } from './harness.ts';

const secret = { ARCA_SECRET_KEY: 'x'.repeat(40) };

describe('the database pool setting', () => {
  it('is twice the cores plus one unless ARCA_DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig(secret).databasePoolSize).toBe(2 * os.availableParallelism() + 1);
    expect(loadConfig({ ...secret, ARCA_DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
  });

  it('refuses a pool of no connections, naming the setting', () => {
    expect(() => loadConfig({ ...secret, ARCA_DATABASE_POOL_SIZE: '0' })).toThrow(
      /ARCA_DATABASE_POOL_SIZE/,
    );
  });
});

describe('lost database connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('cost no more than the connection: the app server goes on answering', async () => {
    const user = await buildUser(t.services);
    const client = t.client();
    await client.login(user.email);
    // Several requests at once, so the pool holds several connections.
    const reads = () => Promise.all(Array.from({ length: 8 }, () => client.get('/api/me')));
    expect((await reads()).map((r) => r.status)).toEqual(Array(8).fill(200));

    // PostgreSQL ends every other connection of this database, as a restart or an
    // administrator would: the idle ones fail while nobody uses them.
    if (testDatabase === 'postgres') {
      const result: unknown = await t.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect((result as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await reads()).map((r) => r.status)).toEqual(Array(8).fill(200));
  });
});

describe('listening for announcements', () => {
  it("takes one subscription per channel for all of an app server's caches", async () => {
    const t = await startTestApp();
    const channels: string[] = [];
    const counted: TestApp = {
      ...t,
      database: {
        ...t.database,
        listen: (channel, onMessage, onLost) => {
          channels.push(channel);
          return t.database.listen(channel, onMessage, onLost);
        },
      },
    };
    const second = await startTestApp({ sameDatabaseAs: counted });
    try {
      // The records' channel (records, parents, grants) and the sessions'.
      expect(channels.sort()).toEqual([SESSION_CHANGES_CHANNEL, RECORD_CHANGES_CHANNEL].sort());
      if (testDatabase === 'postgres') {
        // Each a connection of its own: two app servers, two each.
        const result: unknown = await t.db.execute(
          sql`SELECT count(*)::int AS listening FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        );
        expect((result as { rows: { listening: number }[] }).rows[0]!.listening).toBe(4);
      }
    } finally {
      await second.close();
      await t.close();
    }
  });
});
