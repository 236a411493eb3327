import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordJson } from '@arca/schema';
import { oaiProvider, type OaiDeps } from '../src/oai/provider.ts';
import { OAI_FORMATS } from '../src/oai/registry.ts';
import { resumptionTokens } from '../src/oai/tokens.ts';
import type { Harvest } from '../src/services/harvest/harvest.service.ts';
import { createCommunity, loggedIn } from './communities.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { errorCode, expectValidOai, identifiersIn, tokenIn, xsd } from './oai.helpers.ts';

const HOST = 'oai:arca.test:';
const DATACITE = [
  { namespace: 'http://datacite.org/schema/kernel-4', file: xsd('datacite-4.5.xsd') },
  { namespace: 'http://www.w3.org/XML/1998/namespace', file: xsd('xml.xsd') },
];
const OAI_DATACITE = [
  { namespace: 'http://schema.datacite.org/oai/oai-1.1/', file: xsd('oai_datacite-1.1.xsd') },
  ...DATACITE,
];

/** DataCite needs an identifier: every record here has an external DOI. */
let dois = 0;
const withDoi = (title: string, overrides: Record<string, unknown> = {}) =>
  publishable(title, {
    pids: { doi: { provider: 'external', identifier: `10.5555/oai.${(dois += 1)}` } },
    ...overrides,
  });

const OAI_DC = [
  { namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/', file: xsd('oai_dc.xsd') },
  { namespace: 'http://purl.org/dc/elements/1.1/', file: xsd('simpledc20021212.xsd') },
  { namespace: 'http://www.w3.org/XML/1998/namespace', file: xsd('xml.xsd') },
];
const MARC = [{ namespace: 'http://www.loc.gov/MARC21/slim', file: xsd('MARC21slim.xsd') }];
// RDF/XML has no XML Schema: any well-formed rdf:RDF passes (the DCAT-AP export has its own tests).
const RDF_NS = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const RDF = [
  {
    namespace: RDF_NS,
    file: {
      fileName: 'rdf.xsd',
      contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${RDF_NS}">
  <xs:element name="RDF"><xs:complexType><xs:sequence>
    <xs:any namespace="##any" processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
  </xs:sequence><xs:anyAttribute processContents="skip"/></xs:complexType></xs:element>
</xs:schema>`,
    },
  },
];

let t: TestApp;
let owner: TestClient;
const ids: Record<'inCommunity' | 'software' | 'filesRestricted' | 'restricted' | 'noDoi', string> =
  {
    inCommunity: '',
    software: '',
    filesRestricted: '',
    restricted: '',
    noDoi: '',
  };

async function oai(query: string): Promise<string> {
  const response = await t.client().get(`/oai2d?${query}`);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
  return response.body;
}

/** An error response's code; the first response of each code is checked against the schema. */
const validated = new Set<string | undefined>();
async function oaiError(query: string): Promise<string | undefined> {
  const body = await oai(query);
  const code = errorCode(body);
  if (!validated.has(code)) await expectValidOai(body);
  validated.add(code);
  return code;
}

beforeAll(async () => {
  // Two records a page, so that lists continue with resumption tokens.
  t = await startTestApp({ vocabularies: true, env: { ARCA_OAI_PAGE_SIZE: '2' } });
  owner = (await loggedIn(t, 'Olga Owner')).client;
  const lab = await createCommunity(owner, 'oai-lab');
  ids.inCommunity = (await publishRecord(owner, withDoi('Peat cores'))).id;
  const included = await owner.post(`/api/records/${ids.inCommunity}/communities`, {
    communities: [{ id: lab.id }],
  });
  expect(included.status, included.body).toBe(200);
  ids.software = (
    await publishRecord(
      owner,
      withDoi('Core logger', {
        metadata: { ...publishable().metadata, resource_type: { id: 'software' } },
      }),
    )
  ).id;
  ids.filesRestricted = (
    await publishRecord(
      owner,
      withDoi('Closed files, open metadata', {
        access: { record: 'public', files: 'restricted' },
      }),
    )
  ).id;
  ids.restricted = (
    await publishRecord(
      owner,
      withDoi('Hidden record', { access: { record: 'restricted', files: 'restricted' } }),
    )
  ).id;
  // DataCite's formats cannot describe it: every list above in them leaves it out.
  ids.noDoi = (await publishRecord(owner, publishable('Core without DOI'))).id;
  // The machine's load decides how long vocabularies take to load.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Every identifier of a list, following its resumption tokens. */
async function walk(verb: string, args: string): Promise<string[]> {
  const found: string[] = [];
  let body = await oai(`verb=${verb}&${args}`);
  for (;;) {
    await expectValidOai(body, verb === 'ListRecords' ? OAI_DATACITE : []);
    found.push(...identifiersIn(body));
    const token = tokenIn(body);
    if (!token) return found;
    body = await oai(`verb=${verb}&resumptionToken=${encodeURIComponent(token)}`);
  }
}

describe('OAI-PMH verbs', () => {
  it('Identify describes the repository', async () => {
    const body = await oai('verb=Identify');
    await expectValidOai(body);
    expect(body).toContain('<baseURL>http://arca.test/oai2d</baseURL>');
    expect(body).toContain('<deletedRecord>persistent</deletedRecord>');
    expect(body).toContain('<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>');
    expect(body).toMatch(/<earliestDatestamp>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/earliestDatestamp>/);
  });

  it('ListMetadataFormats lists the formats, for the repository and for a record', async () => {
    const body = await oai('verb=ListMetadataFormats');
    await expectValidOai(body);
    for (const prefix of ['oai_dc', 'oai_datacite', 'datacite', 'oai_marc21', 'marc21', 'dcat']) {
      expect(body).toContain(`<metadataPrefix>${prefix}</metadataPrefix>`);
    }
    const forRecord = await oai(
      `verb=ListMetadataFormats&identifier=${HOST}${ids.filesRestricted}`,
    );
    await expectValidOai(forRecord);
    expect(forRecord).toContain('<metadataPrefix>oai_datacite</metadataPrefix>');
  });

  it('ListSets lists the resource types and the public communities', async () => {
    const body = await oai('verb=ListSets');
    await expectValidOai(body);
    expect(body).toContain('<setSpec>community-oai-lab</setSpec>');
    expect(body).toContain('<setName>Community oai-lab</setName>');
    expect(body).toContain('<setSpec>type-dataset</setSpec>');
    expect(body).toContain('<setSpec>type-software</setSpec>');
  });

  it('ListIdentifiers and ListRecords give the public records, page by page', async () => {
    const publicOnes = [ids.inCommunity, ids.software, ids.filesRestricted].map(
      (id) => `${HOST}${id}`,
    );
    const headers = await walk('ListIdentifiers', 'metadataPrefix=oai_datacite');
    expect(headers.sort()).toEqual([...publicOnes].sort());
    const records = await walk('ListRecords', 'metadataPrefix=oai_datacite');
    expect(records.sort()).toEqual([...publicOnes].sort());
  });

  it('selects by set', async () => {
    expect(await walk('ListIdentifiers', 'metadataPrefix=datacite&set=community-oai-lab')).toEqual([
      `${HOST}${ids.inCommunity}`,
    ]);
    expect(await walk('ListIdentifiers', 'metadataPrefix=datacite&set=type-software')).toEqual([
      `${HOST}${ids.software}`,
    ]);
    const listed = await oai('verb=ListIdentifiers&metadataPrefix=datacite&set=type-software');
    expect(listed).toContain('<setSpec>type-software</setSpec>');
    const inLab = await oai('verb=ListIdentifiers&metadataPrefix=datacite&set=community-oai-lab');
    expect(inLab).toContain('<setSpec>community-oai-lab</setSpec>');
  });

  it('pages carry a token with its expiry and cursor; the last has an empty one', async () => {
    // Two records a page; ListIdentifiers sends five times as many headers, all three here.
    expect(tokenIn(await oai('verb=ListIdentifiers&metadataPrefix=datacite'))).toBeUndefined();
    const first = await oai('verb=ListRecords&metadataPrefix=datacite');
    expect(identifiersIn(first)).toHaveLength(2);
    expect(first).toMatch(
      /<resumptionToken cursor="0" expirationDate="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ">[^<]+</,
    );
    const last = await oai(`verb=ListRecords&resumptionToken=${tokenIn(first)}`);
    await expectValidOai(last, DATACITE);
    expect(identifiersIn(last)).toHaveLength(1);
    expect(last).toMatch(/<resumptionToken cursor="2"\s*(\/>|><\/resumptionToken>)/);
  });

  it('GetRecord answers a record in each format, restricted files or not', async () => {
    const body = await oai(
      `verb=GetRecord&metadataPrefix=datacite&identifier=${HOST}${ids.filesRestricted}`,
    );
    await expectValidOai(body, DATACITE);
    expect(body).toContain('Closed files, open metadata');
    const wrapped = await oai(
      `verb=GetRecord&metadataPrefix=oai_datacite&identifier=${HOST}${ids.inCommunity}`,
    );
    await expectValidOai(wrapped, OAI_DATACITE);
    expect(wrapped).toContain('<schemaVersion>4.5</schemaVersion>');
    for (const [prefix, schemas, text] of [
      ['oai_dc', OAI_DC, '<dc:title>Peat cores</dc:title>'],
      ['oai_marc21', MARC, 'Peat cores'],
      ['marc21', MARC, 'Peat cores'],
      ['dcat', RDF, '<dct:title>Peat cores</dct:title>'],
    ] as const) {
      const body = await oai(
        `verb=GetRecord&metadataPrefix=${prefix}&identifier=${HOST}${ids.inCommunity}`,
      );
      await expectValidOai(body, [...schemas]);
      expect(body, prefix).toContain(text);
    }
  });

  it("gives a record without a DOI in every format but DataCite's", async () => {
    const identifier = `${HOST}${ids.noDoi}`;
    for (const prefix of ['oai_datacite', 'datacite']) {
      expect(
        await oaiError(`verb=GetRecord&metadataPrefix=${prefix}&identifier=${identifier}`),
      ).toBe('cannotDisseminateFormat');
    }
    const formats = await oai(`verb=ListMetadataFormats&identifier=${identifier}`);
    await expectValidOai(formats);
    expect(formats).toContain('<metadataPrefix>oai_dc</metadataPrefix>');
    expect(formats).not.toContain('<metadataPrefix>oai_datacite</metadataPrefix>');
    const dc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`);
    await expectValidOai(dc, OAI_DC);
    expect(dc).toContain('<dc:title>Core without DOI</dc:title>');
    expect(await walk('ListIdentifiers', 'metadataPrefix=oai_dc')).toContain(identifier);
    expect(await walk('ListIdentifiers', 'metadataPrefix=datacite')).not.toContain(identifier);
  });

  it('dates a record by its inclusion in a community, so that from= harvests see it', async () => {
    const community = await createCommunity(owner, 'oai-late');
    const record = await publishRecord(owner, withDoi('Core joined later'));
    // Published an hour ago; the harvester last came a minute ago.
    await t.db.execute(
      sql`UPDATE records SET updated_at = now() - interval '1 hour' WHERE id = ${record.id}`,
    );
    const since = `${new Date(Date.now() - 60_000).toISOString().slice(0, 19)}Z`;
    const query = `verb=ListIdentifiers&metadataPrefix=oai_dc&set=community-oai-late&from=${since}`;
    expect(await oaiError(query)).toBe('noRecordsMatch');
    const included = await owner.post(`/api/records/${record.id}/communities`, {
      communities: [{ id: community.id }],
    });
    expect(included.status, included.body).toBe(200);
    expect(identifiersIn(await oai(query))).toEqual([`${HOST}${record.id}`]);
  });

  it('answers a form POST as it answers GET', async () => {
    const response = await t.client().request('POST', '/oai2d', {
      payload: 'verb=ListIdentifiers&metadataPrefix=datacite&set=type-software',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
    await expectValidOai(response.body);
    expect(identifiersIn(response.body)).toEqual([`${HOST}${ids.software}`]);
  });
});

describe('OAI-PMH errors', () => {
  it('badVerb: missing, unknown or repeated', async () => {
    expect(await oaiError('')).toBe('badVerb');
    expect(await oaiError('verb=Harvest')).toBe('badVerb');
    expect(await oaiError('verb=Identify&verb=Identify')).toBe('badVerb');
  });

  it('badArgument: missing, illegal, repeated or malformed arguments', async () => {
    for (const query of [
      'verb=ListRecords',
      'verb=GetRecord&metadataPrefix=datacite',
      'verb=Identify&set=x',
      'verb=ListRecords&metadataPrefix=datacite&metadataPrefix=datacite',
      'verb=ListRecords&metadataPrefix=datacite&from=2024-13-01',
      'verb=ListRecords&metadataPrefix=datacite&from=2024-02-30',
      'verb=ListRecords&metadataPrefix=datacite&from=2024-01-01T00:00:00.5Z',
      'verb=ListRecords&metadataPrefix=datacite&from=2024-01-01&until=2024-02-01T00:00:00Z',
      'verb=ListRecords&metadataPrefix=datacite&from=2024-02-01&until=2024-01-01',
      'verb=ListRecords&metadataPrefix=datacite&resumptionToken=abc',
      'verb=ListRecords&metadataPrefix=datacite&set=bad%20set',
    ]) {
      expect(await oaiError(query), query).toBe('badArgument');
    }
  });

  it('badResumptionToken: made up, or of another verb', async () => {
    expect(await oaiError('verb=ListRecords&resumptionToken=made-up')).toBe('badResumptionToken');
    expect(await oaiError('verb=ListSets&resumptionToken=made-up')).toBe('badResumptionToken');
    const first = await oai('verb=ListRecords&metadataPrefix=datacite');
    expect(await oaiError(`verb=ListIdentifiers&resumptionToken=${tokenIn(first)}`)).toBe(
      'badResumptionToken',
    );
  });

  it('cannotDisseminateFormat, idDoesNotExist, noRecordsMatch', async () => {
    expect(await oaiError('verb=ListRecords&metadataPrefix=mods')).toBe('cannotDisseminateFormat');
    expect(
      await oaiError(`verb=GetRecord&metadataPrefix=mods&identifier=${HOST}${ids.software}`),
    ).toBe('cannotDisseminateFormat');
    for (const identifier of [
      `${HOST}nope0-nope0`,
      'oai:elsewhere.org:1',
      `${HOST}${ids.restricted}`,
    ]) {
      expect(
        await oaiError(`verb=GetRecord&metadataPrefix=datacite&identifier=${identifier}`),
      ).toBe('idDoesNotExist');
      expect(await oaiError(`verb=ListMetadataFormats&identifier=${identifier}`)).toBe(
        'idDoesNotExist',
      );
    }
    for (const query of [
      'from=2999-01-01',
      'until=2001-01-01T00:00:00Z',
      'set=community-nowhere',
      'set=type-nothing',
      'set=other',
    ]) {
      expect(await oaiError(`verb=ListIdentifiers&metadataPrefix=datacite&${query}`), query).toBe(
        'noRecordsMatch',
      );
    }
  });

  it('noMetadataFormats and noSetHierarchy', async () => {
    const deps: OaiDeps = {
      repository: {
        name: 'Arca',
        baseUrl: 'http://arca.test/oai2d',
        adminEmail: 'admin@arca.test',
        host: 'arca.test',
      },
      harvest: t.services.harvest,
      tokens: resumptionTokens('a secret of the test'),
      formats: OAI_FORMATS,
      toJson: () => ({}) as RecordJson,
      settleMs: 0,
      pageSize: 10,
    };
    const text = async (deps: OaiDeps, pairs: Record<string, string>) => {
      let out = '';
      for await (const part of await oaiProvider(deps).answer(Object.entries(pairs))) out += part;
      await expectValidOai(out);
      return out;
    };
    const noFormats = await text({ ...deps, formats: [] }, { verb: 'ListMetadataFormats' });
    expect(errorCode(noFormats)).toBe('noMetadataFormats');
    const noSets: Harvest = { ...t.services.harvest, sets: () => Promise.resolve([]) };
    expect(errorCode(await text({ ...deps, harvest: noSets }, { verb: 'ListSets' }))).toBe(
      'noSetHierarchy',
    );
    const withSet = { verb: 'ListIdentifiers', metadataPrefix: 'datacite', set: 'type-dataset' };
    expect(errorCode(await text({ ...deps, harvest: noSets }, withSet))).toBe('noSetHierarchy');
  });

  it('a deleted public record keeps its header, without metadata; a deleted restricted one stays unknown', async () => {
    const admin = t.client();
    await admin.login((await buildUser(t.services, { isAdmin: true })).email);
    const body = { removal_reason: { id: 'duplicate' }, is_visible: true };
    const open = await publishRecord(owner, withDoi('Withdrawn core'));
    const closed = await publishRecord(
      owner,
      withDoi('Withdrawn hidden core', { access: { record: 'restricted', files: 'restricted' } }),
    );
    for (const id of [open.id, closed.id]) {
      const removed = await admin.delete(`/api/records/${id}/delete`, { body });
      expect(removed.status, removed.body).toBe(204);
    }
    const deleted = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${HOST}${open.id}`);
    await expectValidOai(deleted);
    expect(deleted).toContain('<header status="deleted">');
    expect(deleted).not.toContain('<metadata>');
    let listed = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    for (let token = tokenIn(listed); token; token = tokenIn(listed)) {
      listed += await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
      if (listed.includes(`${HOST}${open.id}<`)) break;
    }
    expect(listed).toMatch(new RegExp(`<header status="deleted"><identifier>${HOST}${open.id}<`));
    expect(
      await oaiError(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${HOST}${closed.id}`),
    ).toBe('idDoesNotExist');
    expect(await walk('ListIdentifiers', 'metadataPrefix=oai_dc')).not.toContain(
      `${HOST}${closed.id}`,
    );
  });
});
