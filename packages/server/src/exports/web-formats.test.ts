import { describe, expect, it } from 'vitest';
import { fullRecordJson as record, wellFormedErrors } from '../../test/export-schemas.ts';
import { dcatXml, dcatXmlList } from './dcat.ts';
import { EXPORT_FORMATS, formatNamed } from './formats.ts';
import { geoJson } from './geojson.ts';
import { schemaOrgDataset } from './json-ld.ts';
import { linkset, linksetText } from './linkset.ts';

describe('DCAT-AP', () => {
  it('is well-formed RDF/XML carrying every field', async () => {
    const xml = dcatXml(record);
    expect(await wellFormedErrors(xml)).toEqual([]);
    expect(await wellFormedErrors([...dcatXmlList([record, record])].join(''))).toEqual([]);
    for (const part of [
      '<dct:title>Soil moisture, Lake Geneva basin 2025</dct:title>',
      '<dct:alternative xml:lang="fra">Humidité du sol, bassin lémanique 2025</dct:alternative>',
      '<foaf:Person rdf:about="https://orcid.org/0000-0002-1825-0097">',
      '<foaf:Organization rdf:about="https://ror.org/01swzsf04">',
      'rdf:resource="http://publications.europa.eu/resource/authority/language/FRA"',
      '<skos:notation>20.500.12345/42</skos:notation>',
      '<dct:relation>',
      '<dct:references>',
      '<owl:versionInfo>v1.0.0</owl:versionInfo>',
      '<dcat:startDate rdf:datatype="http://www.w3.org/2001/XMLSchema#gYearMonth">2025-03</dcat:startDate>',
      '<locn:geometry',
      '<frapo:hasGrantNumber>643410</frapo:hasGrantNumber>',
      'rdf:about="https://creativecommons.org/licenses/by/4.0/legalcode"',
      '<dct:extent>1 GB</dct:extent>',
      '<dcat:keyword>hydrology</dcat:keyword>',
      '<dct:format>text/csv</dct:format>',
    ]) {
      expect(xml).toContain(part);
    }
  });
});

describe('schema.org JSON-LD', () => {
  it('describes the record with its people, funding and places', () => {
    const dataset = schemaOrgDataset(record);
    expect(dataset).toMatchObject({
      '@type': 'Dataset',
      '@id': 'https://doi.org/10.5281/zenodo.1234567',
      alternateName: ['Lake Geneva soil moisture', 'Humidité du sol, bassin lémanique 2025'],
      sameAs: ['https://lake.example.org/datasets/42', 'https://hdl.handle.net/20.500.12345/42'],
      temporalCoverage: '2025-03/2025-10',
      version: 'v1.0.0',
    });
    expect(dataset.contributor).toHaveLength(2);
    expect(dataset.funding).toHaveLength(2);
    expect(dataset.spatialCoverage).toEqual([
      {
        '@type': 'Place',
        name: 'Geneva: Station 1',
        geo: { '@type': 'GeoCoordinates', longitude: 6.15, latitude: 46.2 },
      },
      expect.objectContaining({ geo: expect.objectContaining({ '@type': 'GeoShape' }) }),
    ]);
  });
});

describe('GeoJSON', () => {
  it('is a FeatureCollection of the locations, empty without any', () => {
    const collection = geoJson(record);
    expect(collection.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [6.15, 46.2] },
      properties: {
        place: 'Geneva',
        description: 'Station 1',
        identifiers: [{ scheme: 'geonames', identifier: '2660646' }],
      },
    });
    const bare = { ...record, metadata: { ...record.metadata, locations: undefined } };
    expect(geoJson(bare)).toEqual({ type: 'FeatureCollection', features: [] });
  });
});

describe('Signposting linkset', () => {
  it('links the landing page to its DOI, authors, licences and exports, both ways', () => {
    const exports = [{ name: 'bibtex', mediaType: 'application/x-bibtex' }];
    const [landing, described] = linkset(record, exports).linkset;
    expect(landing).toMatchObject({
      anchor: record.links.self_html,
      'cite-as': [{ href: 'https://doi.org/10.5281/zenodo.1234567' }],
      author: [{ href: 'https://orcid.org/0000-0002-1825-0097' }],
      describedby: [
        { href: `${record.links.self_html}/export/bibtex`, type: 'application/x-bibtex' },
      ],
    });
    expect(described).toEqual({
      anchor: `${record.links.self_html}/export/bibtex`,
      describes: [{ href: record.links.self_html }],
    });
    expect(linksetText(record, exports)).toContain(
      `<https://doi.org/10.5281/zenodo.1234567> ; rel="cite-as" ; anchor="${record.links.self_html}"`,
    );
  });
});

describe('the format registry', () => {
  it('has InvenioRDM names, each download name once', () => {
    const names = EXPORT_FORMATS.filter((format) => !format.negotiatedOnly).map((f) => f.name);
    expect(names).toEqual([
      'json',
      'csl',
      'datacite-json',
      'datacite-xml',
      'dublincore',
      'marcxml',
      'bibtex',
      'dcat-ap',
      'json-ld',
      'geojson',
      'linkset',
    ]);
    expect(formatNamed('linkset')?.mediaType).toBe('application/linkset+json');
    expect(formatNamed('nope')).toBeUndefined();
  });
});
