import type { RecordJson } from '@arca/schema';
import { displayName, doiOf, english, identifierUrl, landingPage, plainText } from './common.ts';
import { dcmiSpatial, locationsOf } from './locations.ts';
import { vocabularyProps } from './vocabulary-props.ts';
import { XSI, xmlDocument, type XmlObject } from './xml.ts';
import { xmlListChunks } from './xml-writer.ts';

// Simple Dublin Core as `oai_dc:dc` (OAI-PMH's oai_dc, also served as
// application/x-dc+xml), following the OpenAIRE guidelines' info:eu-repo values.

export const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const DC_NS = 'http://purl.org/dc/elements/1.1/';
export const OAI_DC_XSD = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';

const ACCESS_RIGHTS: Record<string, string> = {
  open: 'info:eu-repo/semantics/openAccess',
  embargoed: 'info:eu-repo/semantics/embargoedAccess',
  restricted: 'info:eu-repo/semantics/restrictedAccess',
  'metadata-only': 'info:eu-repo/semantics/closedAccess',
};

/** The fifteen elements' values, in element order, empty ones left out. */
export function dublinCore(record: RecordJson): Record<string, string[]> {
  const { metadata } = record;
  const doi = doiOf(record);
  const typeProps = vocabularyProps('resourcetypes', metadata.resource_type?.id);
  const embargo = record.access.embargo;
  const elements: Record<string, (string | undefined)[]> = {
    title: [metadata.title, ...(metadata.additional_titles ?? []).map((entry) => entry.title)],
    creator: (metadata.creators ?? []).map(displayName),
    subject: (metadata.subjects ?? []).map((subject) => subject.subject),
    description: [
      plainText(metadata.description),
      ...(metadata.additional_descriptions ?? []).map((entry) => plainText(entry.description)),
    ],
    publisher: [metadata.publisher],
    contributor: (metadata.contributors ?? []).map(displayName),
    date: [
      metadata.publication_date,
      ...(metadata.dates ?? []).map((entry) => entry.date),
      ...(embargo?.active && embargo.until
        ? [`info:eu-repo/date/embargoEnd/${embargo.until}`]
        : []),
    ],
    type: [typeProps.eurepo, english(metadata.resource_type?.title)],
    format: [...(metadata.formats ?? []), ...(metadata.sizes ?? [])],
    identifier: [
      doi ? `https://doi.org/${doi}` : undefined,
      landingPage(record),
      ...(metadata.identifiers ?? []).map((entry) => identifierUrl(entry) ?? entry.identifier),
    ],
    source: [],
    language: (metadata.languages ?? []).map((language) => language.id),
    relation: [
      ...(metadata.related_identifiers ?? []).map(
        (entry) => identifierUrl(entry) ?? `${entry.scheme}:${entry.identifier}`,
      ),
      ...(metadata.references ?? []).map((entry) => entry.reference),
      ...(metadata.funding ?? []).flatMap(({ funder, award }) =>
        award?.number
          ? [`info:eu-repo/grantAgreement/${funder.name ?? funder.id ?? ''}//${award.number}/`]
          : [],
      ),
    ],
    coverage: locationsOf(record).map(dcmiSpatial),
    rights: [
      record.access.status ? ACCESS_RIGHTS[record.access.status] : undefined,
      ...(metadata.rights ?? []).flatMap((rights) => [
        english(rights.title),
        rights.props?.url ?? rights.link,
      ]),
    ],
  };
  const present: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(elements)) {
    const kept = [...new Set(values.filter((value): value is string => !!value))];
    if (kept.length) present[name] = kept;
  }
  return present;
}

/** The `oai_dc:dc` element's object form (OAI-PMH embeds it as is). */
export function dublinCoreElement(record: RecordJson): XmlObject {
  const element: XmlObject = {
    '@xmlns:oai_dc': OAI_DC_NS,
    '@xmlns:dc': DC_NS,
    '@xmlns:xsi': XSI,
    '@xsi:schemaLocation': `${OAI_DC_NS} ${OAI_DC_XSD}`,
  };
  for (const [name, values] of Object.entries(dublinCore(record))) element[`dc:${name}`] = values;
  return element;
}

export const dublinCoreXml = (record: RecordJson): string =>
  xmlDocument({ 'oai_dc:dc': dublinCoreElement(record) });

/** Search results: the records' `oai_dc:dc` elements in one `<records>` element. */
export const dublinCoreXmlList = (records: Iterable<RecordJson>): Iterable<string> =>
  xmlListChunks('records', {}, records, (record) => ({
    'oai_dc:dc': dublinCoreElement(record),
  }));
