import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OaiProvider } from '../src/oai/provider.ts';
import { loggedIn } from './communities.helpers.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { copyRecord, errorCode, identifiersIn, tokenIn } from './oai.helpers.ts';
import { answerOf, harvestProvider, titleFormat } from './oai.provider.helpers.ts';

let t: TestApp;
let owner: TestClient;
let provider: OaiProvider;
const HOST = 'oai:arca.test:';

const answer = (pairs: Record<string, string>) => answerOf(provider, pairs);

async function publicIds(): Promise<string[]> {
  const result = await t.db.execute(sql`SELECT id FROM records WHERE access_record = 'public'`);
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id).sort();
}

async function edit(id: string, title: string) {
  expect((await owner.post(`/api/records/${id}/draft`)).status).toBe(201);
  const saved = await owner.put(`/api/records/${id}/draft`, publishable(title));
  expect(saved.status, saved.body).toBe(200);
  const published = await owner.post(`/api/records/${id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
}

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  owner = (await loggedIn(t, 'Harvest Owner')).client;
  provider = harvestProvider(t, [titleFormat], { pageSize: 40, settleMs: 0 });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a full harvest while records change', () => {
  it('walks ListRecords with resumption tokens and meets every public record once', async () => {
    // Publication order: five records, the template and its copies, four more at the end.
    const firsts: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      firsts.push((await publishRecord(owner, publishable(`Early ${i}`))).id);
    }
    const template = await publishRecord(owner, publishable('Template record'));
    await copyRecord(t.db, template.id, 990, 'hv');
    const lasts: string[] = [];
    for (let i = 0; i < 4; i += 1)
      lasts.push((await publishRecord(owner, publishable(`Late ${i}`))).id);
    const restricted = await publishRecord(
      owner,
      publishable('Never harvested', { access: { record: 'restricted', files: 'restricted' } }),
    );
    expect(await publicIds()).toHaveLength(1000);

    const seen: string[] = [];
    let page = await answer({ verb: 'ListRecords', metadataPrefix: 'test_title' });
    // The first page holds the early records: they are edited after their harvest.
    expect(identifiersIn(page).slice(0, 5)).toEqual(firsts.map((id) => `${HOST}${id}`));
    const published: string[] = [];
    for (let pages = 1; ; pages += 1) {
      seen.push(...identifiersIn(page).map((identifier) => identifier.slice(HOST.length)));
      const token = tokenIn(page);
      if (!token) break;
      // While the walk goes on: publish new records, edit some already harvested and some not yet.
      const writes =
        pages <= 5
          ? [
              publishRecord(owner, publishable(`Published during the harvest ${pages}`)).then(
                (record: { id: string }) => published.push(record.id),
              ),
              edit(firsts[pages - 1]!, `Edited after its harvest ${pages}`),
              ...(pages <= 4
                ? [edit(lasts[pages - 1]!, `Edited before its harvest ${pages}`)]
                : []),
            ]
          : [];
      [page] = await Promise.all([
        answer({ verb: 'ListRecords', resumptionToken: token }),
        ...writes,
      ]);
      expect(errorCode(page), page.slice(0, 500)).toBeUndefined();
    }

    expect(published).toHaveLength(5);
    expect(seen.length).toBe(new Set(seen).size);
    expect([...seen].sort()).toEqual(await publicIds());
    expect(seen).not.toContain(restricted.id);
    // The records edited before the walk reached them came with their new metadata.
    const lastPage = await answer({
      verb: 'GetRecord',
      identifier: `${HOST}${lasts[0]}`,
      metadataPrefix: 'test_title',
    });
    expect(lastPage).toContain('Edited before its harvest 1');
  }, 180_000);

  it('selects by modification time and refuses a token that was changed', async () => {
    const all = await answer({ verb: 'ListIdentifiers', metadataPrefix: 'test_title' });
    const token = tokenIn(all)!;
    expect(token).toBeTruthy();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(errorCode(await answer({ verb: 'ListIdentifiers', resumptionToken: forged }))).toBe(
      'badResumptionToken',
    );
    // A token of one verb does not continue another.
    expect(errorCode(await answer({ verb: 'ListRecords', resumptionToken: token }))).toBe(
      'badResumptionToken',
    );
    const future = await answer({
      verb: 'ListIdentifiers',
      metadataPrefix: 'test_title',
      from: '2999-01-01',
    });
    expect(errorCode(future)).toBe('noRecordsMatch');
    const today = new Date().toISOString().slice(0, 10);
    const upToToday = await answer({
      verb: 'ListIdentifiers',
      metadataPrefix: 'test_title',
      until: today,
    });
    expect(errorCode(upToToday)).toBeUndefined();
    expect(
      errorCode(
        await answer({
          verb: 'ListIdentifiers',
          metadataPrefix: 'test_title',
          until: '2000-01-01',
        }),
      ),
    ).toBe('noRecordsMatch');
  });
});
