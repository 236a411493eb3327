import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBody, createCommunity, loggedIn } from './communities.helpers.ts';
import { deleted, restore } from './communities.deletion.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { errorCode } from './oai.helpers.ts';

/**
 * A community's OAI-PMH set goes when the community is deleted or restricted, comes
 * back when it is restored, and is renamed with its slug. Its records' setSpecs
 * change with it, so their datestamps move: an incremental harvest (from=) sees them.
 */
let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let communityId: string;
let recordId: string;

async function oai(query: string): Promise<string> {
  const response = await t.client().get(`/oai2d?${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Dates the record an hour back, and answers a from= that a harvest a minute ago would use. */
async function harvestedBefore(): Promise<string> {
  await t.db.execute(
    sql`UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = ${recordId}`,
  );
  const since = `${new Date(Date.now() - 60_000).toISOString().slice(0, 19)}Z`;
  const query = `verb=ListRecords&metadataPrefix=oai_dc&from=${since}`;
  expect(errorCode(await oai(query))).toBe('noRecordsMatch');
  return query;
}

/** The setSpecs of the record in an incremental harvest, or null when it is not in it. */
async function setSpecsSince(query: string): Promise<string[] | null> {
  const body = await oai(query);
  if (!body.includes(`:${recordId}</identifier>`)) return null;
  return [...body.matchAll(/<setSpec>([^<]+)<\/setSpec>/g)].map((match) => match[1]!);
}

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Olga Owner')).client;
  admin = t.client();
  await admin.login((await buildUser(t.services, { isAdmin: true })).email);
  communityId = (await createCommunity(owner, 'oai-sets')).id;
  recordId = (await publishRecord(owner, publishable('Core in a community'))).id;
  const included = await owner.post(`/api/records/${recordId}/communities`, {
    communities: [{ id: communityId }],
  });
  expect(included.status, included.body).toBe(200);
});
afterAll(() => t.close());

describe("a community's OAI-PMH set", () => {
  it('leaves its records with a new datestamp when the community is deleted', async () => {
    const query = await harvestedBefore();
    await deleted(owner, communityId);
    const specs = await setSpecsSince(query);
    expect(specs).not.toBeNull();
    expect(specs).not.toContain('community-oai-sets');
  });

  it('comes back, with a new datestamp, when an admin restores the community', async () => {
    const query = await harvestedBefore();
    expect((await restore(admin, communityId)).status).toBe(200);
    expect(await setSpecsSince(query)).toContain('community-oai-sets');
  });

  it('goes when the community is made restricted, and is renamed with its slug', async () => {
    let query = await harvestedBefore();
    const restricted = await owner.put(
      `/api/communities/${communityId}`,
      communityBody('oai-sets', { access: { visibility: 'restricted' } }),
    );
    expect(restricted.status, restricted.body).toBe(200);
    expect(await setSpecsSince(query)).not.toContain('community-oai-sets');

    query = await harvestedBefore();
    const renamed = await owner.put(
      `/api/communities/${communityId}`,
      communityBody('oai-sets-renamed', { access: { visibility: 'public' } }),
    );
    expect(renamed.status, renamed.body).toBe(200);
    expect(await setSpecsSince(query)).toContain('community-oai-sets-renamed');
  });

  it('leaves datestamps alone when nothing about the set changes', async () => {
    const query = await harvestedBefore();
    const described = await owner.put(
      `/api/communities/${communityId}`,
      communityBody('oai-sets-renamed', {
        metadata: { title: 'New title', description: 'New words.' },
      }),
    );
    expect(described.status, described.body).toBe(200);
    expect(await setSpecsSince(query)).toBeNull();
  });
});
