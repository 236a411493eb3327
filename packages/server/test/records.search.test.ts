import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let anyone: TestClient;
const ids: Record<string, string> = {};
let parentOfVersioned = '';

const person = (family: string, given: string) => ({
  person_or_org: { type: 'personal', family_name: family, given_name: given },
});

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services);
  const owner = t.client();
  await owner.login(user.email);
  anyone = t.client();
  const make = async (
    key: string,
    title: string,
    extra: Record<string, unknown> = {},
    creators = [person('Doe', 'Jane')],
  ) => {
    const base = publishable(title);
    const record = await publishRecord(owner, {
      ...base,
      ...extra,
      metadata: { ...base.metadata, creators, ...(extra.metadata as object) },
    });
    ids[key] = record.id;
    return record;
  };
  await make('glacier', 'Glacier melt rates in the Alps');
  await make('moisture', 'Soil moisture time series', {}, [
    person('Curie', 'Marie'),
    person('Doe', 'Jane'),
  ]);
  await make(
    'code',
    'Moisture model source code',
    { metadata: { resource_type: { id: 'software' } } },
    [person('Lovelace', 'Ada')],
  );
  await make('article', 'Glacier retreat article', {
    metadata: { resource_type: { id: 'publication-article' } },
  });
  await make('closed', 'Glacier data under embargo', {
    access: {
      record: 'public',
      files: 'restricted',
      embargo: { active: true, until: '2999-01-01' },
    },
  });
  const v1 = await make('v1', 'Lake sediment cores');
  const draft = (await owner.post(`/api/records/${v1.id}/versions`)).json;
  await owner.put(
    `/api/records/${draft.id}/draft`,
    publishable('Lake sediment cores, second edition'),
  );
  ids.v2 = (await owner.post(`/api/records/${draft.id}/draft/actions/publish`)).json.id;
  parentOfVersioned = v1.parent.id;
});
afterAll(() => t.close());

const found = async (query: string) => {
  const response = await anyone.get(`/api/records?${query}`);
  expect(response.status, response.body).toBe(200);
  return response.json.hits.hits.map((hit: { id: string }) => hit.id) as string[];
};

describe('record search', () => {
  it('finds by free text, prefix and boolean operators', async () => {
    expect((await found('q=glacier')).sort()).toEqual(
      [ids.glacier, ids.article, ids.closed].sort(),
    );
    expect(await found('q=glacier%20alps')).toEqual([ids.glacier]);
    expect((await found('q=moist*')).sort()).toEqual([ids.moisture, ids.code].sort());
    expect((await found('q=glacier%20AND%20NOT%20article')).sort()).toEqual(
      [ids.glacier, ids.closed].sort(),
    );
    expect((await found('q=alps%20OR%20sediment')).sort()).toEqual([ids.glacier, ids.v2].sort());
  });

  it('answers field queries', async () => {
    expect(await found(`q=${encodeURIComponent('metadata.title:"soil moisture"')}`)).toEqual([
      ids.moisture,
    ]);
    expect(
      await found(`q=${encodeURIComponent('metadata.creators.person_or_org.name:"Curie, Marie"')}`),
    ).toEqual([ids.moisture]);
    expect(await found(`q=${encodeURIComponent(`id:${ids.code}`)}`)).toEqual([ids.code]);
    expect(await found(`q=${encodeURIComponent(`parent.id:${parentOfVersioned}`)}`)).toEqual([
      ids.v2,
    ]);
    expect(
      await found(`q=${encodeURIComponent(`parent.id:${parentOfVersioned}`)}&allversions=true`),
    ).toHaveLength(2);
  });

  it('filters by facets and counts the buckets', async () => {
    expect(await found('resource_type=software')).toEqual([ids.code]);
    expect((await found('resource_type=publication')).sort()).toEqual([ids.article]);
    const response = await anyone.get('/api/records?q=glacier&access_status=embargoed');
    expect(response.json.hits.hits.map((h: { id: string }) => h.id)).toEqual([ids.closed]);
    const accessBuckets = response.json.aggregations.access_status.buckets;
    expect(accessBuckets).toEqual(
      expect.arrayContaining([
        { key: 'metadata-only', doc_count: 2, is_selected: false },
        { key: 'embargoed', doc_count: 1, is_selected: true },
      ]),
    );
    const types = (await anyone.get('/api/records')).json.aggregations.resource_type.buckets;
    expect(types.find((b: { key: string }) => b.key === 'dataset').doc_count).toBe(4);
  });

  it('sorts, paginates with links, and shows only latest versions', async () => {
    const newest = await found('sort=newest');
    expect(newest).toHaveLength(6);
    expect(newest).not.toContain(ids.v1);
    expect(await found('sort=oldest')).toEqual([...newest].reverse());
    const page = await anyone.get('/api/records?sort=newest&size=2&page=2');
    expect(page.json.hits.total).toBe(6);
    expect(page.json.hits.hits.map((h: { id: string }) => h.id)).toEqual(newest.slice(2, 4));
    expect(page.json.sortBy).toBe('newest');
    expect(page.json.links.prev).toBe('http://arca.test/api/records?sort=newest&page=1&size=2');
    expect(page.json.links.next).toBe('http://arca.test/api/records?sort=newest&page=3&size=2');
    expect((await anyone.get('/api/records?q=glacier')).json.sortBy).toBe('bestmatch');
  });

  it('refuses bad syntax, unknown sorts and pages past the window', async () => {
    const syntax = await anyone.get(`/api/records?q=${encodeURIComponent('title:"unclosed')}`);
    expect(syntax.status).toBe(400);
    expect(syntax.json.message).toBe('Invalid query string syntax.');
    expect((await anyone.get('/api/records?sort=sideways')).status).toBe(400);
    const window = await anyone.get('/api/records?page=401&size=25');
    expect(window.status).toBe(400);
    expect(window.json.message).toBe('Invalid querystring parameters.');
    // "My uploads" has the same window (InvenioRDM: 400 past it, not an empty page).
    const me = t.client();
    await me.login((await buildUser(t.services)).email);
    const mine = await me.get('/api/user/records?page=1000&size=100');
    expect(mine.status).toBe(400);
    expect(mine.json.message).toBe('Invalid querystring parameters.');
  });
});
