import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

const UI = { accept: 'application/vnd.inveniordm.v1+json' };

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  client = t.client();
});
afterAll(() => t.close());

type Hit = { id: string; tags: string[] };
const ids = (response: { json: { hits: { hits: { id: string }[] } } }) =>
  response.json.hits.hits.map((hit) => hit.id);

describe('licences', () => {
  it('filters by tag with exact counts', async () => {
    const recommended = await client.get('/api/vocabularies/licenses?tags=recommended&size=20');
    expect(recommended.status).toBe(200);
    expect(recommended.json.hits.total).toBe(6);
    expect(ids(recommended).sort()).toEqual(
      ['apache-2.0', 'cc-by-4.0', 'cc-by-sa-4.0', 'cc0-1.0', 'gpl-3.0-or-later', 'mit'].sort(),
    );

    const all = await client.get('/api/vocabularies/licenses?tags=all&size=1');
    const everything = await client.get('/api/vocabularies/licenses?size=1');
    expect(all.json.hits.total).toBe(everything.json.hits.total);
    expect(all.json.hits.total).toBeGreaterThan(400);

    const data = await client.get('/api/vocabularies/licenses?tags=data&size=200');
    const software = await client.get('/api/vocabularies/licenses?tags=software&size=1');
    expect(ids(data)).toContain('cc-by-4.0');
    expect(data.json.hits.hits.every((hit: Hit) => hit.tags.includes('data'))).toBe(true);
    expect(software.json.hits.total).toBeGreaterThan(data.json.hits.total);

    const either = await client.get('/api/vocabularies/licenses?tags=data&tags=recommended&size=1');
    const dataOrRecommended = new Set([...ids(data), 'apache-2.0', 'mit', 'gpl-3.0-or-later']);
    expect(either.json.hits.total).toBe(dataOrRecommended.size);
  });

  it('reads one licence in the plain InvenioRDM shape', async () => {
    const response = await client.get('/api/vocabularies/licenses/cc-by-4.0');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: 'cc-by-4.0',
      type: 'licenses',
      title: { en: 'Creative Commons Attribution 4.0 International' },
      props: { scheme: 'spdx', url: 'https://creativecommons.org/licenses/by/4.0/legalcode' },
      revision_id: 1,
      links: { self: 'http://arca.test/api/vocabularies/licenses/cc-by-4.0' },
    });
    expect(response.json.tags).toEqual(expect.arrayContaining(['all', 'data', 'recommended']));
    expect(response.json.created).toMatch(/\+00:00$/);
    expect((await client.get('/api/vocabularies/licenses/no-such-licence')).status).toBe(404);
  });

  it('ranks an exact match first for q and finds prefixes with suggest', async () => {
    const byId = await client.get('/api/vocabularies/licenses?q=mit');
    expect(ids(byId)[0]).toBe('mit');
    expect(byId.json.sortBy).toBe('bestmatch');
    const suggest = await client.get(
      '/api/vocabularies/licenses?suggest=creative%20commons%20attribution%204',
    );
    expect(ids(suggest)).toContain('cc-by-4.0');
    expect(suggest.json.hits.hits.length).toBeGreaterThan(1);
  });

  it('serves the localised UI form', async () => {
    const response = await client.get(
      '/api/vocabularies/licenses?tags=recommended&sort=bestmatch&q=cc-by-4.0',
      {
        headers: UI,
      },
    );
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.inveniordm\.v1\+json/);
    const [first] = response.json.hits.hits;
    expect(first).toMatchObject({
      id: 'cc-by-4.0',
      title_l10n: 'Creative Commons Attribution 4.0 International',
      props: { scheme: 'spdx' },
    });
    expect(first.description_l10n).toEqual(expect.any(String));
    expect(first.title).toBeUndefined();
    expect(first.created).toBeUndefined();
  });
});

describe('generic vocabularies', () => {
  it('lists the types', async () => {
    const response = await client.get('/api/vocabularies');
    expect(ids(response)).toEqual(
      expect.arrayContaining(['licenses', 'languages', 'resourcetypes', 'relationtypes']),
    );
    expect((await client.get('/api/vocabularies/no-such-type')).status).toBe(404);
  });

  it('localises resource types to the Accept-Language', async () => {
    const german = await client.get('/api/vocabularies/resourcetypes/dataset', {
      headers: { ...UI, 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' },
    });
    const english = await client.get('/api/vocabularies/resourcetypes/dataset', { headers: UI });
    const plain = await client.get('/api/vocabularies/resourcetypes/dataset');
    expect(english.json.title_l10n).toBe('Dataset');
    expect(german.json.title_l10n).toBe(plain.json.title.de);
    expect(german.json.title_l10n).not.toBe('Dataset');
    expect(plain.json.tags).toContain('depositable');
  });

  it('filters resource types by tag', async () => {
    const depositable = await client.get(
      '/api/vocabularies/resourcetypes?tags=depositable&size=100',
    );
    expect(ids(depositable)).toEqual(
      expect.arrayContaining(['dataset', 'software', 'publication-article', 'image-photo']),
    );
  });

  it('paginates languages in title order with links', async () => {
    const first = await client.get('/api/vocabularies/languages?size=5&page=1');
    expect(first.json.sortBy).toBe('title');
    expect(first.json.hits.hits).toHaveLength(5);
    const titles = first.json.hits.hits.map((hit: { title: { en: string } }) =>
      hit.title.en.toLowerCase(),
    );
    expect([...titles].sort()).toEqual(titles);
    expect(first.json.links.next).toBe('http://arca.test/api/vocabularies/languages?page=2&size=5');
    const second = await client.get(first.json.links.next.replace('http://arca.test', ''));
    expect(ids(second)).not.toContain(ids(first)[0]);
    expect(second.json.links.prev).toBe(
      'http://arca.test/api/vocabularies/languages?page=1&size=5',
    );

    const english = await client.get('/api/vocabularies/languages?q=english');
    expect(ids(english)[0]).toBe('eng');
    const tooFar = await client.get('/api/vocabularies/languages?page=10001&size=1');
    expect(tooFar.status).toBe(400);
    const badSort = await client.get('/api/vocabularies/languages?sort=sideways');
    expect(badSort.status).toBe(400);
    expect(badSort.json.errors[0].field).toBe('sort');
  });
});

describe('dedicated vocabulary endpoints', () => {
  it('suggests affiliations and reads CERN by its ROR id', async () => {
    const suggest = await client.get('/api/affiliations?suggest=cern&size=20');
    expect(ids(suggest)).toContain('01ggx4157');
    const cern = await client.get('/api/affiliations/01ggx4157');
    expect(cern.json).toMatchObject({
      id: '01ggx4157',
      identifiers: [{ scheme: 'ror', identifier: '01ggx4157' }],
      links: { self: 'http://arca.test/api/affiliations/01ggx4157' },
    });
    const sorted = await client.get('/api/affiliations?size=3');
    expect(sorted.json.sortBy).toBe('name');
  });

  it('serves funders, awards (with the funders filter) and subjects', async () => {
    const funders = await client.get('/api/funders?size=100');
    expect(funders.json.hits.total).toBeGreaterThan(10);
    expect(funders.json.sortBy).toBe('name');
    const funder = await client.get(`/api/funders/${funders.json.hits.hits[0].id}`);
    expect(funder.json).toMatchObject({
      id: funders.json.hits.hits[0].id,
      name: expect.any(String),
    });
    const awards = await client.get('/api/awards?size=100');
    const funderId = awards.json.hits.hits[0].funder.id as string;
    const ofFunder = await client.get(`/api/awards?funders=${funderId}&size=100`);
    expect(ofFunder.json.hits.total).toBeGreaterThan(0);
    expect(ofFunder.json.hits.total).toBeLessThan(awards.json.hits.total);
    expect(
      ofFunder.json.hits.hits.every((a: { funder: { id: string } }) => a.funder.id === funderId),
    ).toBe(true);
    expect(
      (await client.get(`/api/awards/${encodeURIComponent(awards.json.hits.hits[0].id)}`)).status,
    ).toBe(200);

    const subjects = await client.get('/api/subjects?q=mathematics');
    expect(subjects.json.hits.hits[0].subject).toBe('Mathematics');
    expect(subjects.json.sortBy).toBe('bestmatch');
    expect((await client.get(`/api/subjects/${subjects.json.hits.hits[0].id}`)).status).toBe(200);
  });

  it('includes users with an ORCID iD and a public profile in names', async () => {
    const user = await buildUser(t.services, {
      fullName: 'Josiah Carberry',
      orcid: '0000-0002-1825-0097',
      visibility: 'public',
    });
    const found = await client.get('/api/names?suggest=carberry');
    const entry = found.json.hits.hits.find((hit: { id: string }) => hit.id === `user:${user.id}`);
    expect(entry).toMatchObject({
      name: 'Carberry, Josiah',
      given_name: 'Josiah',
      family_name: 'Carberry',
      identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
    });

    const read = await client.get(`/api/names/user:${user.id}`);
    expect(read.json.links.self).toBe(`http://arca.test/api/names/user%3A${user.id}`);
    const shipped = await client.get('/api/names?q=0000-0002-1825-0097');
    expect(shipped.json.hits.total).toBeGreaterThanOrEqual(2);

    await t.services.accounts.update(user.id, { preferences: { visibility: 'restricted' } });
    const after = await client.get('/api/names?suggest=carberry');
    expect(ids(after)).not.toContain(`user:${user.id}`);
  });
});
