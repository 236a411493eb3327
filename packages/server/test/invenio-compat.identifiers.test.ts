// InvenioRDM wire compatibility (issue 19): identifiers sent without a
// scheme get the scheme idutils detects, where InvenioRDM's record schema
// detects it (invenio-rdm-records services/schemas/metadata.py: the
// IdentifierSchema of PersonOrOrganizationSchema.identifiers,
// MetadataSchema.identifiers and RelatedIdentifierSchema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishable } from './records.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

function withMetadata(extra: Record<string, unknown>) {
  const base = publishable();
  return { ...base, metadata: { ...base.metadata, ...extra } };
}

const person = (identifiers: unknown[]) => ({
  person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane', identifiers },
});

// marshmallow-utils tests/schemas/test_identifier_schema.py
// test_detected_and_allowed_scheme_valid_value and
// test_detected_and_allowed_scheme_respect_detection_order: the scheme is the
// first detected one the field allows (an ORCID is an ISNI too: orcid wins).
describe('creators and contributors', () => {
  it('gives a person identifier without scheme the detected one (orcid)', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({ creators: [person([{ identifier: '0000-0002-1825-0097' }])] }),
    );
    expect(draft.json.errors).toBeUndefined();
    expect(draft.json.metadata.creators[0].person_or_org.identifiers).toEqual([
      { scheme: 'orcid', identifier: '0000-0002-1825-0097' },
    ]);
    const publish = await alice.post(`/api/records/${draft.json.id}/draft/actions/publish`);
    expect(publish.status, publish.body).toBe(202);
    expect(publish.json.metadata.creators[0].person_or_org.identifiers[0].scheme).toBe('orcid');
  });

  it.each([
    ['03yrm5c26', 'ror'],
    ['https://ror.org/03yrm5c26', 'ror'],
    ['0000 0001 2146 438X', 'isni'],
    ['gnd:4079154-3', 'gnd'],
  ])('gives an organisation identifier %s the scheme %s', async (identifier, scheme) => {
    const draft = await createDraft(
      alice,
      withMetadata({
        contributors: [
          {
            person_or_org: { type: 'organizational', name: 'CDL', identifiers: [{ identifier }] },
            role: { id: 'other' },
          },
        ],
      }),
    );
    expect(fieldErrors(draft)).toEqual({});
    expect(draft.json.metadata.contributors[0].person_or_org.identifiers).toEqual([
      { scheme, identifier },
    ]);
  });

  // test_not_given_not_detected_scheme_for_identifier: 'scheme': 'No valid
  // scheme recognized for identifier.'
  it('reports an identifier no allowed scheme explains on its scheme', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({ creators: [person([{ identifier: '10.1234/not-a-person' }])] }),
    );
    expect(fieldErrors(draft)).toEqual({
      'metadata.creators.0.person_or_org.identifiers.0.scheme': [
        'No valid scheme recognized for identifier.',
      ],
    });
  });
});

// The schemes the deposit form offers for alternate and related identifiers,
// detected as idutils tests/test_idutils.py detects them.
const RECORD_CASES: [string, string][] = [
  ['10.1234/foo.bar', 'doi'],
  ['https://doi.org/10.1234/foo.bar', 'doi'],
  ['ark:/13030/tqb3kh97gh8w', 'ark'],
  ['arXiv:1310.2590', 'arxiv'],
  ['hdl:10013/epic.10033', 'handle'],
  ['12082125', 'pmid'],
  ['PMC2631623', 'pmcid'],
  ['https://example.org/data', 'url'],
  ['ftp://ftp.example.org/pub/data.csv', 'url'],
  ['urn:nbn:de:101:1-201102033592', 'urn'],
  ['urn:lsid:ubio.org:namebank:11815', 'lsid'],
  ['978-3-905673-82-1', 'isbn'],
  ['0077-5606', 'issn'],
  ['4006381333931', 'ean13'],
  ['0A9 2002 12B4A105 7', 'istc'],
  ['http://purl.oclc.org/foo/bar', 'purl'],
  ['2011ApJS..192...18K', 'ads'],
  ['swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2', 'swh'],
];

describe('alternate and related identifiers', () => {
  it.each(RECORD_CASES)('detects %s as %s', async (identifier, scheme) => {
    const draft = await createDraft(
      alice,
      withMetadata({
        identifiers: [{ identifier }],
        related_identifiers: [{ identifier, relation_type: { id: 'cites' } }],
      }),
    );
    expect(fieldErrors(draft)).toEqual({});
    expect(draft.json.metadata.identifiers).toEqual([{ scheme, identifier }]);
    expect(draft.json.metadata.related_identifiers[0]).toMatchObject({ scheme, identifier });
  });

  it('detects only where the scheme is missing: one given is kept', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({
        identifiers: [
          { scheme: 'handle', identifier: '10.1234/foo.bar' },
          { identifier: '10.1234/foo.bar' },
        ],
      }),
    );
    expect(draft.json.metadata.identifiers).toEqual([
      { scheme: 'handle', identifier: '10.1234/foo.bar' },
      { scheme: 'doi', identifier: '10.1234/foo.bar' },
    ]);
  });

  it('reports a value no scheme explains, on the scheme, and refuses to publish it', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({
        identifiers: [{ identifier: '00:11:22:33' }],
        related_identifiers: [{ identifier: 'SRX3529244', relation_type: { id: 'cites' } }],
      }),
    );
    const message = 'No valid scheme recognized for identifier.';
    expect(fieldErrors(draft)).toEqual({
      'metadata.identifiers.0.scheme': [message],
      'metadata.related_identifiers.0.scheme': [message],
    });
    const publish = await alice.post(`/api/records/${draft.json.id}/draft/actions/publish`);
    expect(publish.status).toBe(400);
    expect(fieldErrors(publish)['metadata.identifiers.0.scheme']).toEqual([message]);
  });

  it('detects on save (PUT) as on create', async () => {
    const draft = await createDraft(alice);
    const saved = await alice.put(
      `/api/records/${draft.json.id}/draft`,
      withMetadata({ identifiers: [{ identifier: '10.5281/zenodo.1234' }] }),
    );
    expect(saved.status).toBe(200);
    expect(saved.json.metadata.identifiers).toEqual([
      { scheme: 'doi', identifier: '10.5281/zenodo.1234' },
    ]);
  });
});

// idutils.is_url: a scheme and a host, whatever the scheme.
describe('URL identifiers', () => {
  it('accepts any scheme with a host, and nothing without one', async () => {
    const accepted = [
      'ftp://ftp.example.org/pub/data.csv',
      's3://bucket/key',
      'https://example.org',
    ];
    const refused = ['example.org', 'mailto:someone@example.org', 'https://'];
    const draft = await createDraft(
      alice,
      withMetadata({
        identifiers: [...accepted, ...refused].map((identifier) => ({ scheme: 'url', identifier })),
      }),
    );
    expect(Object.keys(fieldErrors(draft))).toEqual(
      refused.map((_, i) => `metadata.identifiers.${accepted.length + i}.identifier`),
    );
  });
});
