import type { Creatibutor, RecordJson } from '@arca/schema';
import {
  displayName,
  doiOf,
  english,
  identifierOf,
  identifierUrl,
  landingPage,
  plainText,
  rightsUrl,
} from './common.ts';
import { locationsOf, placeName } from './locations.ts';
import { vocabularyProps } from './vocabulary-props.ts';
import { xmlDocument, type XmlObject } from './xml.ts';
import { xmlListChunks } from './xml-writer.ts';

// DCAT-AP (3.0) in RDF/XML: the record as a dcat:Dataset, its files as distributions.

const NAMESPACES = {
  '@xmlns:rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  '@xmlns:rdfs': 'http://www.w3.org/2000/01/rdf-schema#',
  '@xmlns:dcat': 'http://www.w3.org/ns/dcat#',
  '@xmlns:dct': 'http://purl.org/dc/terms/',
  '@xmlns:foaf': 'http://xmlns.com/foaf/0.1/',
  '@xmlns:adms': 'http://www.w3.org/ns/adms#',
  '@xmlns:skos': 'http://www.w3.org/2004/02/skos/core#',
  '@xmlns:locn': 'http://www.w3.org/ns/locn#',
  '@xmlns:owl': 'http://www.w3.org/2002/07/owl#',
  '@xmlns:org': 'http://www.w3.org/ns/org#',
  '@xmlns:frapo': 'http://purl.org/cerif/frapo/',
  '@xmlns:dcatap': 'http://data.europa.eu/r5r/',
};

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const EU = 'http://publications.europa.eu/resource/authority';
const GEOJSON_LITERAL = 'http://www.opengis.net/ont/geosparql#geoJSONLiteral';

const ACCESS_RIGHTS: Record<string, string> = {
  open: 'PUBLIC',
  'metadata-only': 'NON_PUBLIC',
  embargoed: 'NON_PUBLIC',
  restricted: 'RESTRICTED',
};

const resource = (uri: string) => ({ '@rdf:resource': uri });
const typed = (value: string, type: string) => ({ '@rdf:datatype': `${XSD}${type}`, '#': value });
const dateType = (date: string) =>
  /^\d{4}$/.test(date) ? 'gYear' : /^\d{4}-\d{2}$/.test(date) ? 'gYearMonth' : 'date';
const literal = (value: string, lang?: string) =>
  lang ? { '@xml:lang': lang, '#': value } : value;

function agent(creatibutor: Creatibutor): XmlObject {
  const who = creatibutor.person_or_org;
  const orcid = identifierOf(who.identifiers, 'orcid');
  const ror = identifierOf(who.identifiers, 'ror');
  const about = orcid ? `https://orcid.org/${orcid}` : ror ? `https://ror.org/${ror}` : undefined;
  const personal = who.type === 'personal';
  return {
    [personal ? 'foaf:Person' : 'foaf:Organization']: {
      ...(about ? { '@rdf:about': about } : {}),
      'foaf:name': displayName(creatibutor),
      ...(personal && who.given_name ? { 'foaf:givenName': who.given_name } : {}),
      ...(personal && who.family_name ? { 'foaf:familyName': who.family_name } : {}),
      ...((creatibutor.affiliations ?? []).some((a) => a.name)
        ? {
            'org:memberOf': (creatibutor.affiliations ?? [])
              .filter((a) => a.name)
              .map((a) => ({
                'foaf:Organization': {
                  ...(a.id ? { '@rdf:about': `https://ror.org/${a.id}` } : {}),
                  'foaf:name': a.name,
                },
              })),
          }
        : {}),
      ...(creatibutor.role
        ? { 'dct:type': english(creatibutor.role.title) ?? creatibutor.role.id }
        : {}),
    },
  };
}

function distributions(record: RecordJson): XmlObject[] {
  const licence = record.metadata.rights?.map(rightsUrl).find(Boolean);
  const common = {
    'dcat:accessURL': resource(landingPage(record)),
    ...(licence ? { 'dct:license': resource(licence) } : {}),
  };
  const files = Object.values(record.files.entries ?? {});
  if (files.length === 0) {
    return [
      {
        'dcat:Distribution': {
          ...common,
          ...(record.metadata.formats?.length ? { 'dct:format': record.metadata.formats } : {}),
        },
      },
    ];
  }
  return files.map((file) => ({
    'dcat:Distribution': {
      ...(file.links.content ? { '@rdf:about': file.links.content } : {}),
      'dct:title': file.key,
      ...common,
      ...(file.links.content ? { 'dcat:downloadURL': resource(file.links.content) } : {}),
      'dcat:mediaType': resource(`https://www.iana.org/assignments/media-types/${file.mimetype}`),
      'dcat:byteSize': typed(String(file.size), 'nonNegativeInteger'),
    },
  }));
}

/** The dcat:Dataset element's object form. */
export function dcatDataset(record: RecordJson): XmlObject {
  const { metadata } = record;
  const doi = doiOf(record);
  const about = doi ? `https://doi.org/${doi}` : landingPage(record);
  const typeUrl = vocabularyProps('resourcetypes', metadata.resource_type?.id)['schema.org'];
  const status = record.access.status;
  return {
    '@rdf:about': about,
    'dct:identifier': about,
    'dct:title': metadata.title,
    ...(metadata.additional_titles?.length
      ? { 'dct:alternative': metadata.additional_titles.map((t) => literal(t.title, t.lang?.id)) }
      : {}),
    ...(metadata.description ? { 'dct:description': plainText(metadata.description) } : {}),
    ...(metadata.additional_descriptions?.length
      ? {
          'rdfs:comment': metadata.additional_descriptions.map((d) =>
            literal(plainText(d.description), d.lang?.id),
          ),
        }
      : {}),
    ...(metadata.publication_date
      ? { 'dct:issued': typed(metadata.publication_date, dateType(metadata.publication_date)) }
      : {}),
    'dct:modified': typed(record.updated, 'dateTime'),
    ...(typeUrl ? { 'dct:type': resource(typeUrl) } : {}),
    'dct:creator': (metadata.creators ?? []).map(agent),
    ...(metadata.contributors?.length
      ? { 'dct:contributor': metadata.contributors.map(agent) }
      : {}),
    ...(metadata.publisher
      ? { 'dct:publisher': { 'foaf:Agent': { 'foaf:name': metadata.publisher } } }
      : {}),
    ...(metadata.subjects?.length
      ? { 'dcat:keyword': metadata.subjects.map((s) => s.subject).filter(Boolean) }
      : {}),
    ...(metadata.languages?.length
      ? {
          'dct:language': metadata.languages.map((l) =>
            resource(`${EU}/language/${l.id.toUpperCase()}`),
          ),
        }
      : {}),
    ...(metadata.identifiers?.length
      ? {
          'adms:identifier': metadata.identifiers.map((entry) => ({
            'adms:Identifier': {
              'skos:notation': entry.identifier,
              'dct:creator': entry.scheme,
            },
          })),
        }
      : {}),
    ...(metadata.related_identifiers?.length
      ? {
          'dct:relation': metadata.related_identifiers.map((entry) => ({
            'rdf:Description': {
              '@rdf:about': identifierUrl(entry) ?? `${entry.scheme}:${entry.identifier}`,
              'dct:type': english(entry.relation_type?.title) ?? entry.relation_type?.id,
            },
          })),
        }
      : {}),
    ...(metadata.references?.length
      ? { 'dct:references': metadata.references.map((entry) => entry.reference) }
      : {}),
    ...(metadata.version ? { 'owl:versionInfo': metadata.version } : {}),
    ...(metadata.dates?.length
      ? {
          'dct:temporal': metadata.dates.map((entry) => {
            const [start, end] = entry.date.split('/');
            return {
              'dct:PeriodOfTime': {
                'dcat:startDate': typed(start!, dateType(start!)),
                ...(end ? { 'dcat:endDate': typed(end, dateType(end)) } : {}),
                'rdfs:label': [english(entry.type?.title) ?? entry.type?.id, entry.description]
                  .filter(Boolean)
                  .join(': '),
              },
            };
          }),
        }
      : {}),
    ...(locationsOf(record).length
      ? {
          'dct:spatial': locationsOf(record).map((feature) => ({
            'dct:Location': {
              ...(placeName(feature) ? { 'skos:prefLabel': placeName(feature) } : {}),
              ...(feature.geometry
                ? {
                    'locn:geometry': {
                      '@rdf:datatype': GEOJSON_LITERAL,
                      '#': JSON.stringify(feature.geometry),
                    },
                  }
                : {}),
            },
          })),
        }
      : {}),
    ...(metadata.funding?.length
      ? {
          'frapo:isFundedBy': metadata.funding.map(({ funder, award }) => ({
            'frapo:Grant': {
              ...(award?.number ? { 'frapo:hasGrantNumber': award.number } : {}),
              ...(english(award?.title) ? { 'dct:title': english(award?.title) } : {}),
              'frapo:isAwardedBy': {
                'foaf:Organization': {
                  ...(funder.id ? { '@rdf:about': `https://ror.org/${funder.id}` } : {}),
                  'foaf:name': funder.name ?? funder.id,
                },
              },
            },
          })),
        }
      : {}),
    ...(metadata.rights?.length
      ? {
          'dct:rights': metadata.rights.map((rights) => ({
            'dct:RightsStatement': {
              ...(rightsUrl(rights) ? { '@rdf:about': rightsUrl(rights) } : {}),
              'rdfs:label': english(rights.title) ?? rights.id,
            },
          })),
        }
      : {}),
    ...(status
      ? { 'dct:accessRights': resource(`${EU}/access-right/${ACCESS_RIGHTS[status]}`) }
      : {}),
    ...(metadata.sizes?.length ? { 'dct:extent': metadata.sizes } : {}),
    'dcat:landingPage': resource(landingPage(record)),
    'dcat:distribution': distributions(record),
  };
}

export const dcatXml = (record: RecordJson): string =>
  xmlDocument({ 'rdf:RDF': { ...NAMESPACES, 'dcat:Dataset': dcatDataset(record) } });

/** Search results: the datasets in one rdf:RDF document. */
export const dcatXmlList = (records: Iterable<RecordJson>): Iterable<string> =>
  xmlListChunks('rdf:RDF', NAMESPACES, records, (record) => ({
    'dcat:Dataset': dcatDataset(record),
  }));
