import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullRecord } from '@arca/schema';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishable, publishRecord } from './records.helpers.ts';
import { fullRecordJson, jsonSchemaErrors, schemaErrors } from './export-schemas.ts';

// Exports through content negotiation and downloads (issue 20 §2, §6).

/** The canonical full record, published without files, with locations. */
const everyField = {
  ...fullRecord,
  metadata: { ...fullRecord.metadata, locations: fullRecordJson.metadata.locations },
  access: { record: 'public', files: 'public', embargo: { active: false } },
  files: { enabled: false },
};

let t: TestApp;
let owner: TestClient;
let anonymous: TestClient;
let id: string;
let restrictedId: string;
let noDoiId: string;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services, { fullName: 'Olivia Owner' });
  owner = t.client();
  await owner.login(user.email);
  anonymous = t.client();
  id = ((await publishRecord(owner, everyField)) as { id: string }).id;
  const restricted = publishable('Restricted soil moisture', {
    access: { record: 'restricted', files: 'restricted' },
  });
  restrictedId = ((await publishRecord(owner, restricted)) as { id: string }).id;
  noDoiId = ((await publishRecord(owner, publishable('Soil without DOI'))) as { id: string }).id;
  // Loading the vocabularies is slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const accept = (type: string) => ({ headers: { accept: type } });

describe('one record, negotiated', () => {
  it('keeps every field the fixture of the unit tests has', async () => {
    const response = await anonymous.get(`/api/records/${id}`);
    expect(response.json.metadata).toEqual(fullRecordJson.metadata);
  });

  it.each([
    ['application/vnd.datacite.datacite+xml', 'datacite'],
    ['application/x-dc+xml', 'oai_dc'],
    ['application/marcxml+xml', 'marcxml'],
  ] as const)('answers %s valid against its schema', async (type, schema) => {
    const response = await anonymous.get(`/api/records/${id}`, accept(type));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
    expect(response.headers.vary).toContain('Accept');
    expect(await schemaErrors(response.body, schema)).toEqual([]);
  });

  it.each([
    ['application/vnd.citationstyles.csl+json', 'csl'],
    ['application/vnd.datacite.datacite+json', 'datacite'],
  ] as const)('answers %s valid against its JSON schema', async (type, schema) => {
    const response = await anonymous.get(`/api/records/${id}`, accept(type));
    expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
    const value = schema === 'csl' ? [response.json] : response.json;
    expect(jsonSchemaErrors(value, schema)).toEqual([]);
  });

  it('answers the other formats in their media types', async () => {
    const bibtex = await anonymous.get(`/api/records/${id}`, accept('application/x-bibtex'));
    expect(bibtex.body).toMatch(/^@misc\{carberry_2026_/);
    const dcat = await anonymous.get(`/api/records/${id}`, accept('application/dcat+xml'));
    expect(dcat.body).toContain(
      '<dcat:Dataset rdf:about="https://doi.org/10.5281/zenodo.1234567">',
    );
    const jsonLd = await anonymous.get(`/api/records/${id}`, accept('application/ld+json'));
    expect(jsonLd.json).toMatchObject({ '@type': 'Dataset', name: fullRecord.metadata.title });
    const geo = await anonymous.get(`/api/records/${id}`, accept('application/vnd.geo+json'));
    expect(geo.json.type).toBe('FeatureCollection');
    expect(geo.json.features).toHaveLength(2);
    const text = await anonymous.get(`/api/records/${id}`, accept('application/linkset'));
    expect(text.body).toContain('rel="cite-as"');
  });

  it('honours q-values, answers JSON to */* or no Accept, and 406 to what it cannot make', async () => {
    const preferred = await anonymous.get(
      `/api/records/${id}`,
      accept('application/x-bibtex;q=0.5, application/vnd.datacite.datacite+xml;q=0.9'),
    );
    expect(preferred.headers['content-type']).toContain('application/vnd.datacite.datacite+xml');
    for (const type of ['*/*', 'application/*', 'text/html,application/xml;q=0.9,*/*;q=0.8']) {
      const response = await anonymous.get(`/api/records/${id}`, accept(type));
      expect(response.headers['content-type'], type).toContain('application/json');
      expect(response.json.id).toBe(id);
    }
    expect((await anonymous.get(`/api/records/${id}`)).json.id).toBe(id);
    const refused = await anonymous.get(`/api/records/${id}`, accept('application/pdf'));
    expect(refused.status).toBe(406);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json.message).toContain('application/x-bibtex');
  });

  it('links to a real linkset', async () => {
    const response = await anonymous.get(`/api/records/${id}`);
    const href = /<([^>]+)>; rel="linkset"/.exec(String(response.headers.link))![1]!;
    const linkset = await anonymous.get(new URL(href).pathname);
    expect(linkset.status).toBe(200);
    expect(linkset.headers['content-type']).toContain('application/linkset+json');
    const [landing] = linkset.json.linkset;
    expect(landing.anchor).toBe(`http://arca.test/records/${id}`);
    expect(landing['cite-as']).toEqual([{ href: 'https://doi.org/10.5281/zenodo.1234567' }]);
    expect(landing.author).toEqual([{ href: 'https://orcid.org/0000-0002-1825-0097' }]);
    expect(landing.describedby.map((link: { type: string }) => link.type)).toContain(
      'application/vnd.datacite.datacite+xml',
    );
  });
});

describe('a record without a DOI', () => {
  const needsDoi = 'This record has no DOI, and the datacite-xml format needs one.';
  const dataciteXml = 'application/vnd.datacite.datacite+xml';

  it('has valid DataCite JSON naming its page, and no DataCite XML', async () => {
    const json = await anonymous.get(`/records/${noDoiId}/export/datacite-json`);
    expect(json.status).toBe(200);
    expect(jsonSchemaErrors(json.json, 'datacite')).toEqual([]);
    expect(json.json.identifiers).toEqual([
      { identifier: `http://arca.test/records/${noDoiId}`, identifierType: 'URL' },
    ]);
    const download = await anonymous.get(`/records/${noDoiId}/export/datacite-xml`);
    expect(download.status).toBe(404);
    expect(download.json.message).toBe(needsDoi);
    const refused = await anonymous.get(`/api/records/${noDoiId}`, accept(dataciteXml));
    expect(refused.status).toBe(406);
    expect(refused.headers.vary).toContain('Accept');
    expect(refused.json.message).toBe(needsDoi);
    // Another type the request accepts is answered instead.
    const other = await anonymous.get(
      `/api/records/${noDoiId}`,
      accept(`${dataciteXml}, application/x-bibtex;q=0.5`),
    );
    expect(other.status).toBe(200);
    expect(other.headers['content-type']).toContain('application/x-bibtex');
    const linkset = await anonymous.get(`/records/${noDoiId}/export/linkset`);
    const types = linkset.json.linkset[0].describedby.map((link: { type: string }) => link.type);
    expect(types).toContain('application/vnd.datacite.datacite+json');
    expect(types).not.toContain(dataciteXml);
  });

  it('is left out of a search in DataCite XML', async () => {
    const list = await anonymous.get('/api/records?size=100', accept(dataciteXml));
    expect(list.status).toBe(200);
    expect(list.body).toContain(fullRecord.metadata.title);
    expect(list.body).not.toContain('Soil without DOI');
  });
});

describe('search, negotiated', () => {
  it('answers the list form of a format, and 406 for one without', async () => {
    const csl = await anonymous.get(
      '/api/records',
      accept('application/vnd.citationstyles.csl+json'),
    );
    expect(csl.status).toBe(200);
    expect(jsonSchemaErrors(csl.json, 'csl')).toEqual([]);
    expect(csl.json.map((item: { id: string }) => item.id)).toContain(id);
    expect(csl.headers.vary).toContain('Accept');
    const marc = await anonymous.get('/api/records', accept('application/marcxml+xml'));
    expect(await schemaErrors(marc.body, 'marcxml')).toEqual([]);
    // Written one record at a time: no length known ahead.
    expect(marc.headers['content-length']).toBeUndefined();
    expect(csl.headers['content-length']).toBeUndefined();
    const geo = await anonymous.get('/api/records', accept('application/vnd.geo+json'));
    expect(geo.status).toBe(406);
  });

  it('negotiates my records and the versions of a record as the search does', async () => {
    const mine = await owner.get('/api/user/records?size=100', accept('application/x-bibtex'));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toContain('application/x-bibtex');
    expect(mine.headers.vary).toContain('Accept');
    expect(mine.body).toContain('Restricted soil moisture');
    const versions = await owner.get(
      `/api/records/${id}/versions`,
      accept('application/vnd.citationstyles.csl+json'),
    );
    expect(versions.status).toBe(200);
    expect(versions.headers.vary).toContain('Accept');
    expect(versions.json.map((item: { id: string }) => item.id)).toEqual([id]);
    for (const path of ['/api/user/records', `/api/records/${id}/versions`]) {
      const refused = await owner.get(path, accept('application/vnd.geo+json'));
      expect(refused.status, path).toBe(406);
      expect(refused.headers.vary, path).toContain('Accept');
      expect((await owner.get(path)).json.hits.total, path).toBeGreaterThan(0);
    }
  });

  it('never lists a record the requester may not read', async () => {
    const datacite = await anonymous.get(
      '/api/records?size=100',
      accept('application/vnd.datacite.datacite+json'),
    );
    const titles = datacite.json.map(
      (hit: { titles: { title: string }[] }) => hit.titles[0]!.title,
    );
    expect(titles).toContain(fullRecord.metadata.title);
    expect(titles).not.toContain('Restricted soil moisture');
  });
});

describe('downloads', () => {
  it('sends each format as an attachment with its extension', async () => {
    const bibtex = await anonymous.get(`/records/${id}/export/bibtex`);
    expect(bibtex.status).toBe(200);
    expect(bibtex.headers['content-disposition']).toBe(`attachment; filename="${id}.bib"`);
    expect(bibtex.headers['content-type']).toContain('application/x-bibtex');
    const xml = await anonymous.get(`/records/${id}/export/datacite-xml`);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${id}.xml"`);
    expect(await schemaErrors(xml.body, 'datacite')).toEqual([]);
    const json = await anonymous.get(`/records/${id}/export/json`);
    expect(json.json.id).toBe(id);
  });

  it('answers 404 to an unknown format', async () => {
    expect((await anonymous.get(`/records/${id}/export/pdf`)).status).toBe(404);
  });

  it('refuses a restricted record as the JSON read does, in every form', async () => {
    const json = await anonymous.get(`/api/records/${restrictedId}`);
    expect(json.status).toBeGreaterThanOrEqual(403);
    const negotiated = await anonymous.get(
      `/api/records/${restrictedId}`,
      accept('application/x-bibtex'),
    );
    expect(negotiated.status).toBe(json.status);
    expect(negotiated.body).not.toContain('Restricted soil moisture');
    const download = await anonymous.get(`/records/${restrictedId}/export/datacite-json`);
    expect(download.status).toBe(json.status);
    expect(download.body).not.toContain('Restricted soil moisture');
    const mine = await owner.get(`/records/${restrictedId}/export/datacite-json`);
    expect(mine.json.titles[0].title).toBe('Restricted soil moisture');
  });
});
