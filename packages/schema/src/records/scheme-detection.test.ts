import { describe, expect, it } from 'vitest';
import { detectIdentifierSchemes, detectScheme, fillDetectedSchemes } from './scheme-detection.ts';
import { isUrl, RECORD_IDENTIFIER_SCHEMES, validateIdentifier } from './identifiers.ts';

// [value, schemes detected, in order]: idutils tests/test_idutils.py (`identifiers`),
// keeping the schemes Arca detects (idutils also knows hal, ascl, viaf, geo...).
const DETECTED: [string, string[]][] = [
  ['urn:isbn:0451450523', ['urn', 'isbn']],
  ['urn:issn:0167-6423', ['urn']],
  ['urn:nbn:de:bvb:19-146642', ['urn']],
  ['urn:lsid:ubio.org:namebank:11815', ['lsid', 'urn']],
  ['ark:/13030/tqb3kh97gh8w', ['ark']],
  ['http://www.example.org/ark:/13030/tqb3kh97gh8w', ['ark', 'url']],
  ['10.1016/j.epsl.2011.11.037', ['doi', 'handle']],
  ['doi:10.1016/j.epsl.2011.11.037', ['doi', 'handle']],
  ['DOI:10.1016/j.epsl.2011.11.037', ['doi', 'handle']],
  ['https://doi.org/10.1016/j.epsl.2011.11.037', ['doi', 'url']],
  ['10.1002/(SICI)1521-3978(199806)46:4/5<493::AID-PROP493>3.0.CO;2-P', ['doi', 'handle']],
  ['9783468111242', ['isbn', 'ean13']],
  ['978-65-87773-12-4', ['isbn']],
  ['0-9752298-0-X', ['isbn']],
  ['4006381333931', ['ean13']],
  ['73513537', ['ean8']],
  ['15626865', ['issn', 'pmid']],
  ['0077-5606', ['issn']],
  ['10013/epic.10033', ['handle']],
  ['hdl:10013/epic.10033', ['handle']],
  ['https://hdl.handle.net/10013/epic.10033', ['handle', 'url']],
  ['0A9 2002 12B4A105 7', ['istc']],
  ['12082125', ['pmid']],
  ['pmid:12082125', ['pmid']],
  ['https://pubmed.ncbi.nlm.nih.gov/12082125/', ['pmid', 'url']],
  ['http://purl.oclc.org/foo/bar', ['purl', 'url']],
  ['http://www.heatflow.und.edu/index2.html', ['url']],
  ['PMC2631623', ['pmcid']],
  ['2011ApJS..192...18K', ['ads']],
  ['ads:2011ApJS..192...18K', ['ads']],
  ['0000000218250097', ['orcid', 'isni']],
  ['0000-0002-1694-233X', ['orcid', 'isni']],
  ['https://orcid.org/0000-0002-1825-0097', ['orcid', 'url']],
  ['1422-4586-3573-0476', ['isni']],
  ['arXiv:1310.2590', ['arxiv']],
  ['1310.2590', ['arxiv']],
  ['math.GT/0309136', ['arxiv']],
  ['hep-th/9901001v27', ['arxiv']],
  ['hep-th/1601.07616', ['arxiv']],
  ['http://d-nb.info/gnd/1055864695', ['gnd', 'url']],
  ['GND:4079154-3', ['gnd']],
  ['4079154-3', ['gnd']],
  ['SRX3529244', ['sra']],
  ['PRJNA224116', ['bioproject']],
  ['swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2', ['swh']],
  // ROR: not in idutils' test table; its is_ror takes the bare id and the ror.org URL.
  ['03yrm5c26', ['ror']],
  ['ftp://ftp.example.org/pub/data.csv', ['url']],
  ['not an identifier', []],
];

describe('detectIdentifierSchemes (idutils.detect_identifier_schemes)', () => {
  it.each(DETECTED)('%s → %j', (value, schemes) => {
    expect(detectIdentifierSchemes(value)).toEqual(schemes);
  });
});

// marshmallow-utils tests/schemas/test_identifier_schema.py: the first
// detected scheme the field allows; none → the scheme stays missing.
describe('detectScheme', () => {
  it.each([
    ['0000-0001-6759-6273', ['orcid', 'isni'], 'orcid'],
    ['0000-0001-6759-6273', ['isni'], 'isni'],
    ['10.12345/foo.bar', ['doi'], 'doi'],
    ['10.12345/foo.bar', ['url'], undefined],
    ['00:11:22:33', ['isni'], undefined],
    ['  10.1234/x  ', RECORD_IDENTIFIER_SCHEMES, 'doi'],
    ['https://example.org/x', RECORD_IDENTIFIER_SCHEMES, 'url'],
    ['SRX3529244', RECORD_IDENTIFIER_SCHEMES, undefined],
  ] as const)('%s allowing %j → %s', (value, allowed, scheme) => {
    expect(detectScheme(value, allowed)).toBe(scheme);
  });
});

// idutils.is_url: urlparse finds a scheme and a host (netloc).
describe('URL identifiers', () => {
  it.each([
    'https://example.org',
    'http://example.org/a?b#c',
    'ftp://example.org/x',
    's3://bucket/key',
  ])('accepts %s', (value) => {
    expect(isUrl(value)).toBe(true);
    expect(validateIdentifier('url', value)).toBe(true);
  });
  it.each(['example.org', 'http://', 'mailto:someone@example.org', 'urn:isbn:0451450523', '/a/b'])(
    'refuses %s',
    (value) => {
      expect(isUrl(value)).toBe(false);
      expect(validateIdentifier('url', value)).toBe(false);
    },
  );
});

describe('fillDetectedSchemes', () => {
  it('fills creators, contributors, alternate and related identifiers, and nothing else', () => {
    const metadata = {
      creators: [
        {
          person_or_org: {
            type: 'personal',
            identifiers: [
              { identifier: '0000-0002-1825-0097' },
              { identifier: 'x', scheme: 'gnd' },
            ],
          },
        },
        { person_or_org: { type: 'organizational', identifiers: [{ identifier: '03yrm5c26' }] } },
      ],
      contributors: [
        {
          person_or_org: {
            type: 'organizational',
            identifiers: [{ identifier: '000000012146438X' }],
          },
        },
      ],
      identifiers: [{ identifier: '10.1234/x' }, { identifier: 'gibberish' }],
      related_identifiers: [
        { identifier: 'https://example.org/a', relation_type: { id: 'cites' } },
      ],
      funding: [{ award: { identifiers: [{ identifier: '10.1234/award' }] } }],
    };
    fillDetectedSchemes(metadata);
    expect(metadata.creators[0]!.person_or_org.identifiers).toEqual([
      { identifier: '0000-0002-1825-0097', scheme: 'orcid' },
      { identifier: 'x', scheme: 'gnd' },
    ]);
    expect(metadata.creators[1]!.person_or_org.identifiers).toEqual([
      { identifier: '03yrm5c26', scheme: 'ror' },
    ]);
    expect(metadata.contributors[0]!.person_or_org.identifiers).toEqual([
      { identifier: '000000012146438X', scheme: 'isni' },
    ]);
    expect(metadata.identifiers).toEqual([
      { identifier: '10.1234/x', scheme: 'doi' },
      { identifier: 'gibberish' },
    ]);
    expect(metadata.related_identifiers[0]).toHaveProperty('scheme', 'url');
    expect(metadata.funding[0]!.award.identifiers[0]).not.toHaveProperty('scheme');
  });
});
