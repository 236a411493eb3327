import type { Creatibutor, RecordJson } from '@arca/schema';
import { displayName, english, identifierOf, identifierUrl, when } from './common.ts';
import { htmlToText } from '../services/html.ts';
import { locationsOf, positionsOf, placeName } from './locations.ts';
import { vocabularyProps } from './vocabulary-props.ts';

// schema.org JSON-LD of a record: the JSON-LD export and the record page's
// <script type="application/ld+json"> (Google Dataset Search) are this one mapping.

/** Plain text of the description's HTML on one line. */
const oneLine = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();

function schemaOrgCreator(creator: Creatibutor): Record<string, unknown> {
  const who = creator.person_or_org;
  const orcid = identifierOf(who.identifiers, 'orcid');
  const ror = identifierOf(who.identifiers, 'ror');
  const affiliations = (creator.affiliations ?? []).filter((affiliation) => affiliation.name);
  return {
    '@type': who.type === 'personal' ? 'Person' : 'Organization',
    name: displayName(creator),
    ...(who.type === 'personal' && who.given_name ? { givenName: who.given_name } : {}),
    ...(who.type === 'personal' && who.family_name ? { familyName: who.family_name } : {}),
    ...(orcid ? { '@id': `https://orcid.org/${orcid}` } : {}),
    ...(ror ? { '@id': `https://ror.org/${ror}` } : {}),
    ...(affiliations.length
      ? {
          affiliation: affiliations.map((affiliation) => ({
            '@type': 'Organization',
            name: affiliation.name,
            ...(affiliation.id ? { '@id': `https://ror.org/${affiliation.id}` } : {}),
          })),
        }
      : {}),
  };
}

/** A location as a schema.org Place: a point as GeoCoordinates, a polygon as GeoShape. */
function place(feature: ReturnType<typeof locationsOf>[number]): Record<string, unknown> {
  const positions = positionsOf(feature);
  const geo =
    feature.geometry?.type === 'Polygon'
      ? { '@type': 'GeoShape', polygon: positions.map(([x, y]) => `${y} ${x}`).join(' ') }
      : positions[0]
        ? { '@type': 'GeoCoordinates', longitude: positions[0][0], latitude: positions[0][1] }
        : undefined;
  return { '@type': 'Place', ...when('name', placeName(feature)), ...when('geo', geo) };
}

/** The schema.org description of a published record (its type from the resource type). */
export function schemaOrgDataset(record: RecordJson): Record<string, unknown> {
  const { metadata } = record;
  const doi = record.pids.doi?.identifier;
  const page = record.links.self_html;
  const description = metadata.description ? oneLine(metadata.description) : undefined;
  const licenses = (metadata.rights ?? [])
    .map((license) => license.props?.url ?? license.link)
    .filter(Boolean);
  const keywords = (metadata.subjects ?? []).map((subject) => subject.subject).filter(Boolean);
  const files = Object.values(record.files.entries ?? {});
  const typeUrl = vocabularyProps('resourcetypes', metadata.resource_type?.id)['schema.org'];
  const type = typeUrl?.replace('https://schema.org/', '') || 'Dataset';
  const identifiers = (metadata.identifiers ?? []).map(
    (entry) => identifierUrl(entry) ?? entry.identifier,
  );
  const funders = (metadata.funding ?? []).map(({ funder, award }) => ({
    '@type': 'Grant',
    ...when('identifier', award?.number),
    ...when('name', english(award?.title)),
    funder: {
      '@type': 'Organization',
      name: funder.name ?? funder.id,
      ...(funder.id ? { '@id': `https://ror.org/${funder.id}` } : {}),
    },
  }));
  const places = locationsOf(record).map(place);
  return {
    '@context': 'https://schema.org',
    '@type': type,
    '@id': doi ? `https://doi.org/${doi}` : page,
    ...(doi ? { identifier: `https://doi.org/${doi}` } : {}),
    ...when('sameAs', identifiers),
    url: page,
    name: metadata.title,
    ...when(
      'alternateName',
      (metadata.additional_titles ?? []).map((entry) => entry.title),
    ),
    ...(description ? { description } : {}),
    creator: (metadata.creators ?? []).map(schemaOrgCreator),
    ...when('contributor', (metadata.contributors ?? []).map(schemaOrgCreator)),
    ...(metadata.publication_date ? { datePublished: metadata.publication_date } : {}),
    dateModified: record.updated,
    ...(metadata.version ? { version: metadata.version } : {}),
    ...(metadata.publisher
      ? { publisher: { '@type': 'Organization', name: metadata.publisher } }
      : {}),
    ...(licenses.length ? { license: licenses.length === 1 ? licenses[0] : licenses } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(metadata.languages?.length
      ? { inLanguage: metadata.languages.map((language) => language.id) }
      : {}),
    ...when('funding', funders),
    ...when('spatialCoverage', places),
    ...when(
      'temporalCoverage',
      (metadata.dates ?? []).find((entry) => entry.type?.id === 'collected')?.date,
    ),
    ...when(
      'citation',
      (metadata.references ?? []).map((entry) => entry.reference),
    ),
    ...when('encodingFormat', metadata.formats),
    isAccessibleForFree:
      record.access.status === 'open' || record.access.status === 'metadata-only',
    ...(files.length
      ? {
          distribution: files
            .filter((file) => file.links.content)
            .map((file) => ({
              '@type': 'DataDownload',
              name: file.key,
              contentUrl: file.links.content,
              encodingFormat: file.mimetype,
              contentSize: String(file.size),
            })),
        }
      : {}),
  };
}
