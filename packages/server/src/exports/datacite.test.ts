import { describe, expect, it } from 'vitest';
import { fullRecordJson as record } from '../../test/export-schemas.ts';
import { schemaErrors } from '../../test/export-schemas.ts';
import { dataciteJson } from './datacite.ts';
import { dataciteXml, dataciteXmlList } from './datacite-xml.ts';

describe('DataCite', () => {
  it('writes a kernel 4.5 document that the schema accepts', async () => {
    expect(await schemaErrors(dataciteXml(record), 'datacite')).toEqual([]);
  });

  it('refuses what breaks the schema (the check can fail)', async () => {
    const broken = dataciteXml(record).replace('dateType="Created"', 'dateType="Made"');
    expect(await schemaErrors(broken, 'datacite')).not.toEqual([]);
  });

  it('writes each search hit as a resource in one document', () => {
    const xml = [...dataciteXmlList([record, record])].join('');
    expect(xml.match(/<resource /g)).toHaveLength(2);
    expect(xml).toContain('<records>');
  });

  it('carries every field DataCite has', () => {
    const json = dataciteJson(record);
    expect(json.doi).toBe('10.5281/zenodo.1234567');
    expect(json.types).toEqual({ resourceTypeGeneral: 'Dataset', resourceType: 'Dataset' });
    expect(json.creators[0]).toMatchObject({
      nameType: 'Personal',
      givenName: 'Josiah',
      familyName: 'Carberry',
      nameIdentifiers: [{ nameIdentifier: '0000-0002-1825-0097', nameIdentifierScheme: 'ORCID' }],
      affiliation: [
        { name: 'European Organization for Nuclear Research', affiliationIdentifier: '01ggx4157' },
        { name: 'Lake Research Station' },
      ],
    });
    expect(json.creators[1]?.nameIdentifiers?.[0]?.nameIdentifier).toBe('01ggx4157');
    expect(json.contributors.map((c) => c.contributorType)).toEqual([
      'DataCurator',
      'HostingInstitution',
    ]);
    expect(json.contributors[1]?.nameIdentifiers?.[0]?.nameIdentifier).toBe('01swzsf04');
    expect(json.titles.map((t) => t.titleType)).toEqual([
      undefined,
      'AlternativeTitle',
      'TranslatedTitle',
    ]);
    expect(json.titles[2]).toMatchObject({ lang: 'fra' });
    expect(json.dates).toContainEqual({
      date: '2025-03/2025-10',
      dateType: 'Collected',
      dateInformation: 'Field season',
    });
    expect(json.identifiers.map((i) => i.identifierType)).toEqual(['DOI', 'URL', 'URL', 'Handle']);
    expect(json.relatedIdentifiers).toHaveLength(2);
    expect(json.relatedIdentifiers[0]).toMatchObject({
      relationType: 'IsSupplementTo',
      resourceTypeGeneral: 'JournalArticle',
    });
    expect(json.subjects).toContainEqual({
      subject: 'Earth and related environmental sciences',
      subjectScheme: 'FOS',
      classificationCode: '1.5',
    });
    expect(json.subjects).toContainEqual({ subject: 'hydrology' });
    expect(json.fundingReferences[0]).toMatchObject({
      funderName: 'European Commission',
      funderIdentifierType: 'ROR',
      awardNumber: '643410',
      awardTitle: 'Open Access Infrastructure for Research in Europe 2020',
    });
    expect(json.fundingReferences[1]).toMatchObject({ awardNumber: 'LGF-2025-7' });
    expect(json.rightsList.map((r) => r.rightsUri)).toEqual([
      'https://creativecommons.org/licenses/by/4.0/legalcode',
      'https://lake.example.org/licence',
    ]);
    expect(json.descriptions.map((d) => d.descriptionType)).toEqual(['Abstract', 'Methods']);
    expect(json).toMatchObject({
      language: 'eng',
      version: 'v1.0.0',
      sizes: ['40 files', '1 GB'],
      formats: ['text/csv'],
      publicationYear: '2026',
      publisher: { name: 'Arca' },
    });
    expect(json.geoLocations).toHaveLength(2);
    expect(json.geoLocations[1]?.geoLocationPolygon).toHaveLength(5);
  });
});
