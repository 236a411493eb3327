import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedIn } from './communities.helpers.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { identifiersIn, parseOai } from './oai.helpers.ts';
import { answerOf, harvestProvider, titleFormat } from './oai.provider.helpers.ts';

// A change is dated by the start of the transaction that makes it and seen by
// harvesters once it commits. Here a transaction is made to have begun one
// second before a harvest and committed after it (the record's times are moved
// back by a second once it is published), within the two seconds the provider
// allows a transaction.
const SETTLE_MS = 2000;
const HOST = 'oai:arca.test:';

let t: TestApp;
let owner: TestClient;

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Settle Owner')).client;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const ids = (xml: string) => identifiersIn(xml).map((identifier) => identifier.slice(HOST.length));

async function dateBack(id: string, at: Date) {
  await t.db.execute(
    sql`UPDATE records SET updated_at = ${at.toISOString()}::timestamptz,
      published_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

describe('harvests and transactions that commit after a harvest', () => {
  it('a change dated before a harvest but committed after it reaches the next harvest from then', async () => {
    const provider = harvestProvider(t, [titleFormat], { pageSize: 10, settleMs: SETTLE_MS });
    const list = (pairs: Record<string, string>) =>
      answerOf(provider, { verb: 'ListIdentifiers', metadataPrefix: 'test_title', ...pairs });

    const old = await publishRecord(owner, publishable('Changed long ago'));
    await dateBack(old.id, new Date(Date.now() - 10_000));
    const recent = await publishRecord(owner, publishable('Published just before the harvest'));

    const first = await list({});
    const responseDate: string = parseOai(first)['OAI-PMH'].responseDate;
    expect(ids(first)).toEqual([old.id, recent.id]);
    // No datestamp is later than the response, though the recent one is selected as settling later.
    for (const [, stamp] of first.matchAll(/<datestamp>([^<]+)<\/datestamp>/g)) {
      expect(Date.parse(stamp!)).toBeLessThanOrEqual(Date.parse(responseDate));
    }

    const late = await publishRecord(owner, publishable('Committed after the harvest'));
    await dateBack(late.id, new Date(Date.parse(responseDate) - 1000));

    // The harvester comes back from the first response's date: the late change is there, and
    // the recent one again (a harvester may get a record twice, never miss one).
    const next = await list({ from: responseDate });
    expect(ids(next).sort()).toEqual([recent.id, late.id].sort());
  }, 60_000);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('dates no record later than the response, however long the response takes to write', async () => {
    const provider = harvestProvider(t, [titleFormat], { pageSize: 10, settleMs: SETTLE_MS });
    const settling = await publishRecord(owner, publishable('Still settling'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answer = await provider.answer(
      Object.entries({ verb: 'ListRecords', metadataPrefix: 'test_title' }),
    );
    // The records are written out three seconds after the response began (a slow harvester).
    vi.setSystemTime(Date.now() + 3000);
    let xml = '';
    for await (const part of answer) xml += part;
    expect(ids(xml)).toContain(settling.id);
    const responseDate = Date.parse(parseOai(xml)['OAI-PMH'].responseDate);
    for (const [, stamp] of xml.matchAll(/<datestamp>([^<]+)<\/datestamp>/g)) {
      expect(Date.parse(stamp!)).toBeLessThanOrEqual(responseDate);
    }
  });
});
