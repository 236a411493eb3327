import type { Creatibutor, RecordJson, RelatedIdentifier } from '@arca/schema';
import {
  doiOf,
  english,
  identifierOf,
  identifierUrl,
  landingPage,
  plainText,
  publicationYear,
  rightsUrl,
  when,
} from './common.ts';
import { dataciteName, vocabularyProps } from './vocabulary-props.ts';

// DataCite metadata kernel 4.5 as JSON (the DataCite REST API's attribute names),
// the one mapping behind both DataCite JSON and DataCite XML.

export const DATACITE_SCHEMA_VERSION = 'http://datacite.org/schema/kernel-4';

/** Arca identifier schemes as DataCite identifier types (kernel 4.5 list). */
const IDENTIFIER_TYPES: Record<string, string> = {
  ark: 'ARK',
  arxiv: 'arXiv',
  ads: 'bibcode',
  bibcode: 'bibcode',
  doi: 'DOI',
  ean13: 'EAN13',
  eissn: 'EISSN',
  handle: 'Handle',
  isbn: 'ISBN',
  issn: 'ISSN',
  istc: 'ISTC',
  lissn: 'LISSN',
  lsid: 'LSID',
  pmid: 'PMID',
  purl: 'PURL',
  upc: 'UPC',
  url: 'URL',
  urn: 'URN',
  w3id: 'w3id',
};

const NAME_SCHEMES: Record<string, { scheme: string; uri: string }> = {
  orcid: { scheme: 'ORCID', uri: 'https://orcid.org/' },
  ror: { scheme: 'ROR', uri: 'https://ror.org/' },
  isni: { scheme: 'ISNI', uri: 'https://isni.org/isni/' },
  gnd: { scheme: 'GND', uri: 'https://d-nb.info/gnd/' },
};

// Kernel 4.5 has no Translator role nor translation relations (4.6 does).
const ROLE_FALLBACK: Record<string, string> = { Translator: 'Other' };
const RELATION_FALLBACK: Record<string, string> = {
  IsTranslationOf: 'IsVariantFormOf',
  HasTranslation: 'IsOriginalFormOf',
};

export interface DataciteName {
  name: string;
  nameType: 'Personal' | 'Organizational';
  givenName?: string;
  familyName?: string;
  nameIdentifiers?: { nameIdentifier: string; nameIdentifierScheme: string; schemeUri: string }[];
  affiliation?: {
    name: string;
    affiliationIdentifier?: string;
    affiliationIdentifierScheme?: string;
    schemeUri?: string;
  }[];
  contributorType?: string;
}

function dataciteCreatibutor(creatibutor: Creatibutor): DataciteName {
  const who = creatibutor.person_or_org;
  const personal = who.type === 'personal';
  const nameIdentifiers = (who.identifiers ?? []).flatMap((identifier) => {
    const scheme = NAME_SCHEMES[identifier.scheme];
    if (!scheme) return [];
    const bare = identifierOf([identifier], identifier.scheme)!;
    return [{ nameIdentifier: bare, nameIdentifierScheme: scheme.scheme, schemeUri: scheme.uri }];
  });
  const affiliation = (creatibutor.affiliations ?? [])
    .filter((entry) => entry.name)
    .map((entry) => ({
      name: entry.name!,
      ...(entry.id
        ? {
            affiliationIdentifier: entry.id,
            affiliationIdentifierScheme: 'ROR',
            schemeUri: 'https://ror.org/',
          }
        : {}),
    }));
  return {
    name: personal
      ? [who.family_name, who.given_name].filter(Boolean).join(', ')
      : (who.name ?? ''),
    nameType: personal ? 'Personal' : 'Organizational',
    ...when('givenName', personal ? who.given_name : undefined),
    ...when('familyName', personal ? who.family_name : undefined),
    ...when('nameIdentifiers', nameIdentifiers),
    ...when('affiliation', affiliation),
  };
}

function funderIdentifier(id: string | undefined) {
  if (!id) return {};
  return { funderIdentifier: `https://ror.org/${id}`, funderIdentifierType: 'ROR' };
}

function relatedIdentifiers(entries: RelatedIdentifier[]) {
  return entries.flatMap((entry) => {
    const type = IDENTIFIER_TYPES[entry.scheme];
    const relation = dataciteName('relationtypes', entry.relation_type?.id);
    if (!type || !relation) return [];
    const general = vocabularyProps('resourcetypes', entry.resource_type?.id).datacite_general;
    return [
      {
        relatedIdentifier: entry.identifier,
        relatedIdentifierType: type,
        relationType: RELATION_FALLBACK[relation] ?? relation,
        ...when('resourceTypeGeneral', general),
      },
    ];
  });
}

/** The DataCite kernel 4.5 description of a record (DataCite JSON). */
export function dataciteJson(record: RecordJson) {
  const { metadata } = record;
  const typeProps = vocabularyProps('resourcetypes', metadata.resource_type?.id);
  const doi = doiOf(record);
  const description = plainText(metadata.description);
  const features = (metadata.locations as { features?: Feature[] } | undefined)?.features ?? [];
  return {
    ...when('doi', doi),
    types: {
      resourceTypeGeneral: typeProps.datacite_general || 'Other',
      resourceType: typeProps.datacite_type || english(metadata.resource_type?.title) || '',
    },
    identifiers: [
      ...(doi ? [{ identifier: doi, identifierType: 'DOI' }] : []),
      ...(landingPage(record) ? [{ identifier: landingPage(record), identifierType: 'URL' }] : []),
      ...(metadata.identifiers ?? []).map((entry) => ({
        identifier: entry.identifier,
        identifierType: IDENTIFIER_TYPES[entry.scheme] ?? entry.scheme,
      })),
    ],
    creators: (metadata.creators ?? []).map(dataciteCreatibutor),
    titles: [
      { title: metadata.title ?? '' },
      ...(metadata.additional_titles ?? []).map((entry) => ({
        title: entry.title,
        ...when('titleType', dataciteName('titletypes', entry.type?.id)),
        ...when('lang', entry.lang?.id),
      })),
    ],
    publisher: { name: metadata.publisher || 'Arca' },
    publicationYear: publicationYear(record) ?? '',
    subjects: (metadata.subjects ?? [])
      .filter((subject) => subject.subject)
      .map((subject) => ({
        subject: subject.subject!,
        ...when('subjectScheme', subject.scheme),
        ...when('classificationCode', subject.id?.replace(/^[^:]*:/, '')),
      })),
    contributors: (metadata.contributors ?? []).map((contributor) => {
      const role = dataciteName('contributorsroles', contributor.role?.id) ?? 'Other';
      return { ...dataciteCreatibutor(contributor), contributorType: ROLE_FALLBACK[role] ?? role };
    }),
    dates: [
      ...(metadata.publication_date
        ? [{ date: metadata.publication_date, dateType: 'Issued' }]
        : []),
      ...(metadata.dates ?? []).map((entry) => ({
        date: entry.date,
        dateType: dataciteName('datetypes', entry.type?.id) ?? 'Other',
        ...when('dateInformation', entry.description),
      })),
    ],
    ...when('language', metadata.languages?.[0]?.id),
    relatedIdentifiers: [
      ...relatedIdentifiers(metadata.related_identifiers ?? []),
      // References with an identifier are related works the record cites.
      ...(metadata.references ?? []).flatMap((entry) => {
        const type = entry.scheme ? IDENTIFIER_TYPES[entry.scheme] : undefined;
        if (!type || !entry.identifier) return [];
        return [
          {
            relatedIdentifier: entry.identifier,
            relatedIdentifierType: type,
            relationType: 'References',
          },
        ];
      }),
    ],
    sizes: metadata.sizes ?? [],
    formats: metadata.formats ?? [],
    ...when('version', metadata.version),
    rightsList: (metadata.rights ?? []).map((rights) => ({
      rights: english(rights.title) ?? rights.id ?? '',
      ...when('rightsUri', rightsUrl(rights)),
      ...(rights.id
        ? {
            rightsIdentifier: rights.id,
            rightsIdentifierScheme: rights.props?.scheme ?? 'spdx',
            ...(rights.props?.scheme === 'spdx' || !rights.props?.scheme
              ? { schemeUri: 'https://spdx.org/licenses/' }
              : {}),
          }
        : {}),
    })),
    descriptions: [
      ...(description ? [{ description, descriptionType: 'Abstract' }] : []),
      ...(metadata.additional_descriptions ?? []).map((entry) => ({
        description: plainText(entry.description),
        descriptionType: dataciteName('descriptiontypes', entry.type?.id) ?? 'Other',
        ...when('lang', entry.lang?.id),
      })),
    ],
    geoLocations: features.flatMap(geoLocations),
    fundingReferences: (metadata.funding ?? []).map(({ funder, award }) => {
      const awardUrl = award?.identifiers?.map(identifierUrl).find(Boolean);
      return {
        funderName: funder.name ?? funder.id ?? '',
        ...funderIdentifier(funder.id),
        ...when('awardNumber', award?.number),
        ...when('awardUri', award?.number ? awardUrl : undefined),
        ...when('awardTitle', english(award?.title)),
      };
    }),
    url: landingPage(record),
    schemaVersion: DATACITE_SCHEMA_VERSION,
  };
}

export type DataciteJson = ReturnType<typeof dataciteJson>;

interface Feature {
  geometry?: { type: string; coordinates: unknown };
  place?: string;
  description?: string;
}

type Point = { pointLongitude: number; pointLatitude: number };
const point = (position: unknown): Point => {
  const [longitude, latitude] = position as number[];
  return { pointLongitude: longitude!, pointLatitude: latitude! };
};

/** A location as DataCite geoLocations: its place, each point, or a polygon's outer ring. */
function geoLocations(feature: Feature) {
  const { geometry } = feature;
  const place = [feature.place, feature.description].filter(Boolean).join(': ');
  const points =
    geometry?.type === 'Point'
      ? [geometry.coordinates]
      : geometry?.type === 'MultiPoint'
        ? (geometry.coordinates as unknown[])
        : [];
  const shape =
    geometry?.type === 'Polygon'
      ? {
          geoLocationPolygon: ((geometry.coordinates as unknown[][])[0] ?? []).map((position) => ({
            polygonPoint: point(position),
          })),
        }
      : {};
  const first = { ...when('geoLocationPlace', place), ...shape };
  if (points.length === 0) return Object.keys(first).length ? [first] : [];
  return points.map((position, index) => ({
    ...(index === 0 ? first : {}),
    geoLocationPoint: point(position),
  }));
}
