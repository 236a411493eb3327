import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';
import { ROBOT, browser } from './stats.helpers.ts';

// Views and downloads through the API, counted and shown as InvenioRDM shows them.
let t: TestApp;
let alice: TestClient;
let guest: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
  guest = t.client();
});
afterAll(() => t.close());

const view = (id: string, visitor: number, client = guest) =>
  client.get(`/api/records/${id}`, { headers: browser(visitor) });

async function counted() {
  await t.services.stats.aggregate();
}

describe('usage statistics', () => {
  it('counts views of visitors, not of robots, and shows them in the record JSON', async () => {
    const record = await publishRecord(alice, publishable('Counted'));
    await view(record.id, 1);
    await view(record.id, 2);
    await guest.get(`/api/records/${record.id}`, { headers: { 'user-agent': ROBOT } });
    await guest.get(`/api/records/${record.id}`);
    await counted();
    const read = await view(record.id, 3);
    expect(read.json.stats.this_version).toEqual({
      views: 2,
      unique_views: 2,
      downloads: 0,
      unique_downloads: 0,
      data_volume: 0,
    });
    // The answer cached for anonymous readers gets fresh counts too.
    await counted();
    expect((await view(record.id, 4)).json.stats.this_version.views).toBe(3);
    expect((await view(record.id, 4)).json.stats.all_versions.unique_views).toBe(3);
  });

  it('counts downloads once per Range session, the archive too, per version and parent', async () => {
    const draft = await draftWithFiles(alice);
    await uploadFile(alice, draft.id, 'data.csv', someBytes(1000));
    const published = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    const v1 = published.json as { id: string; parent: { id: string } };
    const v2 = (await alice.post(`/api/records/${v1.id}/versions`)).json as { id: string };
    await alice.put(
      `/api/records/${v2.id}/draft`,
      publishable('Second', { files: { enabled: true } }),
    );
    await alice.post(`/api/records/${v2.id}/draft/actions/files-import`);
    expect((await alice.post(`/api/records/${v2.id}/draft/actions/publish`)).status).toBe(202);

    const content = (id: string) => `/api/records/${id}/files/data.csv/content`;
    const ranged = (range: string) => ({ ...browser(7), range });
    expect((await guest.get(content(v1.id), { headers: ranged('bytes=0-499') })).status).toBe(206);
    expect((await guest.get(content(v1.id), { headers: ranged('bytes=500-999') })).status).toBe(
      206,
    );
    await guest.get(content(v2.id), { headers: browser(8) });
    await guest.get(`/api/records/${v2.id}/files-archive`, { headers: browser(8) });
    await guest.request('HEAD', content(v2.id), { headers: browser(9) });
    await view(v1.id, 7);
    await view(v2.id, 7);
    await counted();

    const stats = (await view(v2.id, 10)).json.stats;
    expect(stats.this_version).toMatchObject({ downloads: 2, unique_downloads: 1, views: 1 });
    expect(stats.all_versions).toMatchObject({
      views: 2,
      unique_views: 1,
      downloads: 3,
      unique_downloads: 2,
    });
    expect(stats.this_version.data_volume).toBeGreaterThan(1000);
    expect((await view(v1.id, 10)).json.stats.this_version).toMatchObject({
      downloads: 1,
      unique_downloads: 1,
      data_volume: 1000,
    });
  });

  it('shows a restricted record’s counts only to who may read it', async () => {
    const record = await publishRecord(
      alice,
      publishable('Hidden', { access: { record: 'restricted', files: 'restricted' } }),
    );
    await alice.get(`/api/records/${record.id}`, { headers: browser(1) });
    await counted();
    const refused = await view(record.id, 1);
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(refused.body).not.toContain('unique_views');
    const own = await alice.get(`/api/records/${record.id}`, { headers: browser(1) });
    expect(own.json.stats.this_version.views).toBe(1);
    for (const path of [
      'stats/reports/records/ID',
      'records/ID/stats',
      'records/ID/stats/export',
    ]) {
      const url = `/api/${path.replace('ID', record.id)}`;
      expect((await guest.get(url)).status, url).toBe(403);
      expect((await alice.get(url)).status, url).toBe(200);
    }
  });

  it('reports a month as COUNTER does and exports months as CSV for the owner only', async () => {
    const record = await publishRecord(alice, publishable('Reported'));
    await view(record.id, 1);
    await view(record.id, 2);
    await counted();
    const month = new Date().toISOString().slice(0, 7);
    const report = await guest.get(`/api/stats/reports/records/${record.id}?begin=${month}`);
    expect(report.status, report.body).toBe(200);
    expect(report.json['report-header']).toMatchObject({ 'report-id': 'DSR', release: 'rd1' });
    const [dataset] = report.json['report-datasets'];
    expect(dataset['dataset-title']).toBe('Reported');
    expect(dataset.performance[0].instance).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ 'metric-type': 'total-dataset-investigations', count: 2 }),
        expect.objectContaining({ 'metric-type': 'unique-dataset-investigations', count: 2 }),
      ]),
    );
    const months = await guest.get(`/api/records/${record.id}/stats`);
    expect(months.json.months).toHaveLength(12);
    expect(months.json.months.at(-1).all_versions.views).toBe(2);
    expect((await guest.get(`/api/records/${record.id}/stats/export`)).status).toBe(403);
    const csv = await alice.get(`/api/records/${record.id}/stats/export?begin=${month}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toBe(`${month},this,2,2,0,0,0`);
    const reversed = await guest.get(`/api/records/${record.id}/stats?begin=2026-05&end=2026-01`);
    expect(reversed.status).toBe(400);
    expect((await guest.get(`/api/records/${record.id}/stats?begin=2026-13`)).status).toBe(400);
  });

  it('reports a month of the repository: its public records counted, no restricted one', async () => {
    const open = await publishRecord(alice, publishable('Open report'));
    const hidden = await publishRecord(
      alice,
      publishable('Hidden report', { access: { record: 'restricted', files: 'restricted' } }),
    );
    await view(open.id, 1);
    await view(open.id, 2);
    await view(hidden.id, 3, alice);
    await counted();
    expect((await view(hidden.id, 3, alice)).json.stats.this_version.views).toBe(1);
    const month = new Date().toISOString().slice(0, 7);
    const report = await guest.get(`/api/stats/reports/repository?month=${month}`);
    expect(report.status, report.body).toBe(200);
    expect(report.json['report-header']['reporting-period']['begin-date']).toBe(`${month}-01`);
    const datasets = report.json['report-datasets'] as {
      'dataset-id': { value: string }[];
      performance: { instance: { 'metric-type': string; count: number }[] }[];
    }[];
    const about = (id: string) =>
      datasets.find((d) => d['dataset-id'].some((i) => i.value.endsWith(`/records/${id}`)));
    expect(about(hidden.id)).toBeUndefined();
    expect(about(open.id)?.performance[0]?.instance).toContainEqual(
      expect.objectContaining({ 'metric-type': 'total-dataset-investigations', count: 2 }),
    );
    const before = await guest.get('/api/stats/reports/repository?month=2020-01');
    expect(before.json['report-datasets']).toEqual([]);
    expect((await guest.get('/api/stats/reports/repository?month=2020-13')).status).toBe(400);
  });

  it('sorts by unique views and unique downloads of all versions', async () => {
    const tag = `sorted${Date.now()}`;
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      ids.push((await publishRecord(alice, publishable(`${tag} ${title}`))).id);
    }
    const [one, two, three] = ids as [string, string, string];
    for (const visitor of [1, 2, 3]) await view(two, 20 + visitor);
    await view(three, 30);
    await counted();
    const order = async (sort: string) =>
      (
        (await guest.get(`/api/records?q=${tag}&sort=${sort}`)).json.hits.hits as { id: string }[]
      ).map((hit) => hit.id);
    expect(await order('mostviewed')).toEqual([two, three, one]);
    // No downloads: newest first.
    expect(await order('mostdownloaded')).toEqual([three, two, one]);
    // My uploads merge drafts and records in the same order: the new draft, not viewed, last.
    const draft = await createDraft(alice, publishable(`${tag} draft`));
    const mine = await alice.get(`/api/user/records?q=${tag}&sort=mostviewed`);
    expect((mine.json.hits.hits as { id: string }[]).map((hit) => hit.id)).toEqual([
      two,
      three,
      draft.json.id,
      one,
    ]);
  });
});
