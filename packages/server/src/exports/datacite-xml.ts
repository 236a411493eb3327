import type { RecordJson } from '@arca/schema';
import { doiOf } from './common.ts';
import { dataciteJson, type DataciteName } from './datacite.ts';
import { XSI, list, text, xmlDocument, type XmlObject } from './xml.ts';
import { xmlListChunks } from './xml-writer.ts';

// DataCite XML, kernel 4.5: the DataCite JSON mapping written as the kernel's elements.

export const DATACITE_NS = 'http://datacite.org/schema/kernel-4';
export const DATACITE_XSD = 'http://schema.datacite.org/meta/kernel-4.5/metadata.xsd';

function name(entry: DataciteName, element: 'creatorName' | 'contributorName'): XmlObject {
  return {
    ...(entry.contributorType ? { '@contributorType': entry.contributorType } : {}),
    [element]: text(entry.name, { nameType: entry.nameType }),
    ...(entry.givenName ? { givenName: entry.givenName } : {}),
    ...(entry.familyName ? { familyName: entry.familyName } : {}),
    ...list(
      'nameIdentifier',
      (entry.nameIdentifiers ?? []).map((id) =>
        text(id.nameIdentifier, {
          nameIdentifierScheme: id.nameIdentifierScheme,
          schemeURI: id.schemeUri,
        }),
      ),
    ),
    ...list(
      'affiliation',
      (entry.affiliation ?? []).map((affiliation) =>
        text(affiliation.name, {
          affiliationIdentifier: affiliation.affiliationIdentifier,
          affiliationIdentifierScheme: affiliation.affiliationIdentifierScheme,
          schemeURI: affiliation.schemeUri,
        }),
      ),
    ),
  };
}

const wrap = (outer: string, inner: string, children: XmlObject[]): XmlObject =>
  children.length ? { [outer]: { [inner]: children } } : {};

/** The `<resource>` element's object form (OAI-PMH embeds it as is). */
export function dataciteResource(record: RecordJson): XmlObject {
  const json = dataciteJson(record);
  const alternate = json.identifiers.filter((entry) => entry.identifierType !== 'DOI');
  return {
    '@xmlns': DATACITE_NS,
    '@xmlns:xsi': XSI,
    '@xsi:schemaLocation': `${DATACITE_NS} ${DATACITE_XSD}`,
    ...(json.doi ? { identifier: text(json.doi, { identifierType: 'DOI' }) } : {}),
    ...wrap(
      'creators',
      'creator',
      json.creators.map((entry) => name(entry, 'creatorName')),
    ),
    ...wrap(
      'titles',
      'title',
      json.titles.map((entry) =>
        text(entry.title, { titleType: entry.titleType, 'xml:lang': entry.lang }),
      ),
    ),
    publisher: json.publisher.name,
    publicationYear: json.publicationYear,
    resourceType: text(json.types.resourceType, {
      resourceTypeGeneral: json.types.resourceTypeGeneral,
    }),
    ...wrap(
      'subjects',
      'subject',
      json.subjects.map((entry) =>
        text(entry.subject, {
          subjectScheme: entry.subjectScheme,
          classificationCode: entry.classificationCode,
        }),
      ),
    ),
    ...wrap(
      'contributors',
      'contributor',
      json.contributors.map((entry) => name(entry, 'contributorName')),
    ),
    ...wrap(
      'dates',
      'date',
      json.dates.map((entry) =>
        text(entry.date, {
          dateType: entry.dateType,
          dateInformation: 'dateInformation' in entry ? entry.dateInformation : undefined,
        }),
      ),
    ),
    ...(json.language ? { language: json.language } : {}),
    ...wrap(
      'alternateIdentifiers',
      'alternateIdentifier',
      alternate.map((entry) =>
        text(entry.identifier, { alternateIdentifierType: entry.identifierType }),
      ),
    ),
    ...wrap(
      'relatedIdentifiers',
      'relatedIdentifier',
      json.relatedIdentifiers.map((entry) =>
        text(entry.relatedIdentifier, {
          relatedIdentifierType: entry.relatedIdentifierType,
          relationType: entry.relationType,
          resourceTypeGeneral:
            'resourceTypeGeneral' in entry ? entry.resourceTypeGeneral : undefined,
        }),
      ),
    ),
    ...wrap(
      'sizes',
      'size',
      json.sizes.map((size) => text(size)),
    ),
    ...wrap(
      'formats',
      'format',
      json.formats.map((format) => text(format)),
    ),
    ...(json.version ? { version: json.version } : {}),
    ...wrap(
      'rightsList',
      'rights',
      json.rightsList.map((entry) =>
        text(entry.rights, {
          rightsURI: entry.rightsUri,
          rightsIdentifier: entry.rightsIdentifier,
          rightsIdentifierScheme: entry.rightsIdentifierScheme,
          schemeURI: entry.schemeUri,
        }),
      ),
    ),
    ...wrap(
      'descriptions',
      'description',
      json.descriptions.map((entry) =>
        text(entry.description, {
          descriptionType: entry.descriptionType,
          'xml:lang': 'lang' in entry ? entry.lang : undefined,
        }),
      ),
    ),
    ...wrap(
      'geoLocations',
      'geoLocation',
      json.geoLocations.map((entry) => ({
        ...('geoLocationPlace' in entry ? { geoLocationPlace: entry.geoLocationPlace } : {}),
        ...('geoLocationPoint' in entry ? { geoLocationPoint: entry.geoLocationPoint } : {}),
        ...('geoLocationPolygon' in entry && entry.geoLocationPolygon
          ? {
              geoLocationPolygon: {
                polygonPoint: entry.geoLocationPolygon.map((at) => at.polygonPoint),
              },
            }
          : {}),
      })),
    ),
    ...wrap(
      'fundingReferences',
      'fundingReference',
      json.fundingReferences.map((entry) => ({
        funderName: entry.funderName,
        ...(entry.funderIdentifier
          ? {
              funderIdentifier: text(entry.funderIdentifier, {
                funderIdentifierType: entry.funderIdentifierType,
              }),
            }
          : {}),
        ...(entry.awardNumber
          ? { awardNumber: text(entry.awardNumber, { awardURI: entry.awardUri }) }
          : {}),
        ...(entry.awardTitle ? { awardTitle: entry.awardTitle } : {}),
      })),
    ),
  };
}

/** A record as a DataCite XML document. */
export const dataciteXml = (record: RecordJson): string =>
  xmlDocument({ resource: dataciteResource(record) });

/**
 * Search results: the resources in one `<records>` element; a record without a
 * DOI is left out, as OAI-PMH leaves it out (the kernel requires the DOI).
 */
export const dataciteXmlList = (records: Iterable<RecordJson>): Iterable<string> =>
  xmlListChunks('records', {}, records, (record) =>
    doiOf(record) ? { resource: dataciteResource(record) } : undefined,
  );
