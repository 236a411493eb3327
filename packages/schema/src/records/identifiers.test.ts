import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IDENTIFIER_SCHEMES,
  ORGANIZATION_IDENTIFIER_SCHEMES,
  PERSON_IDENTIFIER_SCHEMES,
  RECORD_IDENTIFIER_SCHEMES,
  isHttpUrl,
  normalizeDoi,
  normalizeIdentifier,
  validateIdentifier,
} from './identifiers.ts';

// [scheme, valid, invalid] — the invalid ones are near misses (wrong check digit, shape).
const CASES: [string, string[], string[]][] = [
  [
    'doi',
    ['10.5281/zenodo.1234', '10.1000.10/abc(1)', 'https://doi.org/10.1234/X', 'doi:10.1234/x'],
    ['10.5281', '11.5281/x', '10.abc/x', '10.1234/a b', 'zenodo.1234'],
  ],
  [
    'orcid',
    [
      '0000-0002-1825-0097',
      'https://orcid.org/0000-0002-1825-0097',
      '0000000218250097',
      '0000-0002-1694-233x',
    ],
    ['0000-0002-1825-0098', '0000-0002-1825', 'https://example.org/0000-0002-1825-0097'],
  ],
  [
    'ror',
    ['01ggx4157', 'https://ror.org/01ggx4157', '05a28rw58'],
    ['01ggx4158', '1ggx4157', '01ggx415', '01ggi4157', 'https://ror.org/'],
  ],
  [
    'gnd',
    ['118540238', 'gnd:118540238', 'https://d-nb.info/gnd/118540238', '2007744-0', '4021477-1'],
    ['abc', '0118540238', '118540238-'],
  ],
  [
    'isni',
    [
      '0000 0002 1825 0097',
      '0000000218250097',
      'https://isni.org/isni/0000000218250097',
      '0000 0001 2146 438X',
    ],
    ['0000 0002 1825 0098', '000000021825009'],
  ],
  [
    'arxiv',
    [
      '2101.00001',
      'arXiv:2101.00001v2',
      '0704.0001',
      'hep-th/9901001',
      'math.GT/0309136',
      'https://arxiv.org/abs/2101.00001',
    ],
    ['2101.001', 'hep-th/990100', 'arXiv:'],
  ],
  [
    'url',
    // idutils.is_url: any scheme with a host, as urlparse reads it (spaces and all).
    [
      'https://example.org/data',
      'http://localhost:8080/x?y=1',
      'ftp://example.org/data',
      'https://exa mple.org',
    ],
    ['example.org', 'javascript:alert(1)', 'https://', 'mailto:a@example.org'],
  ],
  ['urn', ['urn:nbn:de:101:1-2019', 'URN:ISBN:0451450523'], ['urn:nbn', 'nbn:de:101', 'urn::x']],
  [
    'handle',
    ['20.500.12345/42', 'hdl:11304/abc', 'https://hdl.handle.net/20.500.12345/42'],
    ['20.500.12345', '/42', 'no handle'],
  ],
  [
    'ark',
    ['ark:/13030/tf5p30086k', 'ark:13030/tf5p30086k', 'https://n2t.net/ark:/13030/tf5p30086k'],
    ['ark:/13030', 'ark:/abcae/x', '13030/tf5p30086k'],
  ],
  [
    'isbn',
    ['978-3-16-148410-0', '9783161484100', '0-306-40615-2', 'ISBN 0-8044-2957-X'],
    ['978-3-16-148410-1', '0-306-40615-3', '123-4-56-789012-8', '12345'],
  ],
  [
    'issn',
    ['0317-8471', '2049-3630', '03178471', '2434-561X'],
    ['0317-8472', '317-8471', '2049-363'],
  ],
  ['eissn', ['2049-3630'], ['2049-3631']],
  [
    'pmid',
    ['12345678', 'pmid:12345678', 'https://pubmed.ncbi.nlm.nih.gov/12345678/'],
    ['PMC123', '12a45'],
  ],
  ['pmcid', ['PMC1234567', 'pmc1234567'], ['1234567', 'PMCX']],
  [
    'purl',
    ['https://purl.org/dc/terms/', 'http://purl.obolibrary.org/obo/GO_0008150'],
    ['https://example.org/dc', 'purl.org/dc'],
  ],
  ['w3id', ['https://w3id.org/ro/crate'], ['https://w3id.org/', 'https://example.org/ro']],
  [
    'swh',
    [
      'swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2',
      'swh:1:dir:d198bc9d7a6bcf6db04f476d29314f157507d505;origin=https://github.com/x/y',
    ],
    ['swh:1:cnt:94a9ed', 'swh:2:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2'],
  ],
  ['ads', ['2019ApJ...882L..12A'], ['2019ApJ...882L..12', 'ApJ...882L..12A2019']],
  ['bibcode', ['1992ApJ...400L...1W'], ['1992']],
  [
    'lsid',
    ['urn:lsid:ipni.org:names:20012728-1', 'urn:lsid:ubio.org:namebank:11815:5'],
    ['urn:lsid:ipni.org', 'lsid:ipni.org:names:1'],
  ],
  ['ean13', ['4006381333931', '400-6381-33393-1'], ['4006381333932', '400638133393']],
  [
    'istc',
    ['0A9-2009-12B4A105-7', '0A9200912B4A1057'],
    ['0A9-1999-12B4A105-7', '0A9-2009-12B4A105'],
  ],
  ['upc', ['036000291452'], ['036000291453', '36000291452']],
  ['grid', ['grid.9132.9', 'grid.5801.c'], ['grid.9132', 'grid.x.9']],
  [
    'crossreffunderid',
    ['501100000780', '10.13039/501100000780', 'https://doi.org/10.13039/100000001'],
    ['5011', '10.13039/abc'],
  ],
];

describe('validateIdentifier', () => {
  describe.each(CASES)('%s', (scheme, valid, invalid) => {
    it.each(valid)('accepts %j', (value) => expect(validateIdentifier(scheme, value)).toBe(true));
    it.each(invalid)('refuses %j', (value) =>
      expect(validateIdentifier(scheme, value)).toBe(false),
    );
  });

  it('has a case for every scheme it knows', () => {
    expect(new Set(CASES.map(([scheme]) => scheme))).toEqual(
      new Set(IDENTIFIER_SCHEMES.filter((scheme) => scheme !== 'lissn')),
    );
  });

  it('reads the scheme in any case and ignores surrounding spaces', () => {
    expect(validateIdentifier('DOI', ' 10.5281/zenodo.1234 ')).toBe(true);
  });

  it('accepts any non-blank value of an unknown scheme, as InvenioRDM does for custom schemes', () => {
    expect(validateIdentifier('local-catalogue', 'LC/42')).toBe(true);
    expect(validateIdentifier('local-catalogue', '  ')).toBe(false);
    expect(validateIdentifier('constructor', 'x')).toBe(true);
  });

  it('accepts every ROR id of the shipped affiliations and funders', () => {
    for (const file of ['affiliations', 'funders']) {
      const url = new URL(`../../../server/src/vocabularies/data/${file}.json`, import.meta.url);
      const entries = JSON.parse(readFileSync(url, 'utf8')) as { id: string }[];
      expect(entries.filter((entry) => !validateIdentifier('ror', entry.id))).toEqual([]);
    }
  });

  it('knows every scheme offered for creators and records', () => {
    for (const scheme of [
      ...PERSON_IDENTIFIER_SCHEMES,
      ...ORGANIZATION_IDENTIFIER_SCHEMES,
      ...RECORD_IDENTIFIER_SCHEMES,
    ]) {
      expect(IDENTIFIER_SCHEMES).toContain(scheme);
    }
  });
});

describe('normalizeIdentifier', () => {
  it.each([
    ['doi', ' https://doi.org/10.5281/zenodo.1234 ', '10.5281/zenodo.1234'],
    ['orcid', 'https://orcid.org/0000000218250097', '0000-0002-1825-0097'],
    ['ror', 'https://ror.org/01GGX4157', '01ggx4157'],
    ['gnd', 'https://d-nb.info/gnd/118540238', '118540238'],
    ['isni', '0000 0001 2146 438x', '000000012146438X'],
    ['arxiv', 'arXiv:2101.00001v2', '2101.00001v2'],
    ['handle', 'https://hdl.handle.net/20.500.12345/42', '20.500.12345/42'],
    ['isbn', 'ISBN 978-3-16-148410-0', '9783161484100'],
    ['issn', '2434561x', '2434-561X'],
    ['pmid', 'https://pubmed.ncbi.nlm.nih.gov/12345678/', '12345678'],
    ['pmcid', 'https://pmc.ncbi.nlm.nih.gov/articles/pmc1234567/', 'PMC1234567'],
    ['crossreffunderid', 'https://doi.org/10.13039/501100000780', '501100000780'],
    ['url', ' https://example.org/x ', 'https://example.org/x'],
  ])('%s %j → %j', (scheme, value, normalized) => {
    expect(normalizeIdentifier(scheme, value)).toBe(normalized);
  });

  it('leaves an invalid identifier as typed, only trimmed', () => {
    expect(normalizeIdentifier('orcid', ' https://orcid.org/0000-0002-1825-0098 ')).toBe(
      'https://orcid.org/0000-0002-1825-0098',
    );
    expect(normalizeIdentifier('unknown', ' x ')).toBe('x');
  });
});

describe('normalizeDoi', () => {
  it.each([
    ['https://doi.org/10.1234/abc', '10.1234/abc'],
    ['http://dx.doi.org/10.1234/abc', '10.1234/abc'],
    ['doi.org/10.1234/abc', '10.1234/abc'],
    ['doi: 10.1234/abc', '10.1234/abc'],
    ['  10.1234/abc ', '10.1234/abc'],
  ])('%j → %j', (value, normalized) => expect(normalizeDoi(value)).toBe(normalized));
});

describe('isHttpUrl', () => {
  it('accepts http and https URLs only', () => {
    expect(isHttpUrl('https://creativecommons.org/licenses/by/4.0/')).toBe(true);
    expect(isHttpUrl('mailto:someone@example.org')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });
});
