import type { RecordJson } from '@arca/schema';
import { doiOf } from './common.ts';
import { cslItem } from './csl.ts';
import { dataciteJson } from './datacite.ts';
import { bibtex, bibtexList } from './bibtex.ts';
import { dataciteXml, dataciteXmlList } from './datacite-xml.ts';
import { dcatXml, dcatXmlList } from './dcat.ts';
import { dublinCoreXml, dublinCoreXmlList } from './dublin-core.ts';
import { geoJson } from './geojson.ts';
import { schemaOrgDataset } from './json-ld.ts';
import { linkset, linksetText } from './linkset.ts';
import { marcXml, marcXmlList } from './marcxml.ts';

/*
 * The export formats (InvenioRDM's names and media types). Every serializer is a
 * function of the same record view: the record JSON that `GET /api/records/{id}`
 * answers the requester (`RecordJson`, not the UI form). It already holds only
 * what the requester may read — files of restricted records are absent — so an
 * export can never show more than the JSON read does. Vocabulary crosswalks
 * (DataCite, CSL and schema.org types) come from vocabulary-props.ts.
 *
 * A format's `serialize` answers a string (sent as is) or a value (sent as JSON);
 * `list`, when the format has a list form, answers a search page as the chunks
 * of text it is sent in, one record at a time, so a page is never one string.
 */

export interface ExportFormat {
  /** The name in `/records/{id}/export/{name}`. */
  name: string;
  /** The media type answered; `accepts` lists every media type that asks for it. */
  mediaType: string;
  accepts: readonly string[];
  extension: string;
  serialize: (record: RecordJson) => string | object;
  list?: (records: Iterable<RecordJson>) => Iterable<string>;
  /** Served through content negotiation only (another format has the download name). */
  negotiatedOnly?: boolean;
  /** Describes only records with a DOI (DataCite XML's kernel requires `identifier`). */
  needsDoi?: boolean;
}

/**
 * Whether a record can be given in a format: DataCite XML without a DOI would
 * break the kernel schema, so such a record has no such export (its DataCite
 * JSON, where the DOI is optional, names its landing page instead).
 */
export const exportable = (format: ExportFormat, record: RecordJson) =>
  !format.needsDoi || Boolean(doiOf(record));

/** A JSON array written one element at a time. */
function* jsonArrayChunks(
  records: Iterable<RecordJson>,
  serialize: (record: RecordJson) => object,
) {
  let separator = '';
  yield '[';
  for (const record of records) {
    yield `${separator}${JSON.stringify(serialize(record))}`;
    separator = ',';
  }
  yield ']';
}

const jsonFormat = (
  name: string,
  mediaType: string,
  extension: string,
  serialize: (record: RecordJson) => object,
  listed = true,
): ExportFormat => ({
  name,
  mediaType,
  accepts: [mediaType],
  extension,
  serialize,
  ...(listed
    ? { list: (records: Iterable<RecordJson>) => jsonArrayChunks(records, serialize) }
    : {}),
});

export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    name: 'json',
    mediaType: 'application/json',
    accepts: ['application/json'],
    extension: 'json',
    serialize: (record) => record,
  },
  jsonFormat('csl', 'application/vnd.citationstyles.csl+json', 'json', cslItem),
  jsonFormat('datacite-json', 'application/vnd.datacite.datacite+json', 'json', dataciteJson),
  {
    name: 'datacite-xml',
    mediaType: 'application/vnd.datacite.datacite+xml',
    accepts: ['application/vnd.datacite.datacite+xml'],
    extension: 'xml',
    serialize: dataciteXml,
    list: dataciteXmlList,
    needsDoi: true,
  },
  {
    name: 'dublincore',
    mediaType: 'application/x-dc+xml',
    accepts: ['application/x-dc+xml'],
    extension: 'xml',
    serialize: dublinCoreXml,
    list: dublinCoreXmlList,
  },
  {
    name: 'marcxml',
    mediaType: 'application/marcxml+xml',
    accepts: ['application/marcxml+xml'],
    extension: 'xml',
    serialize: marcXml,
    list: marcXmlList,
  },
  {
    name: 'bibtex',
    mediaType: 'application/x-bibtex',
    accepts: ['application/x-bibtex'],
    extension: 'bib',
    serialize: bibtex,
    list: bibtexList,
  },
  {
    name: 'dcat-ap',
    mediaType: 'application/dcat+xml',
    accepts: ['application/dcat+xml', 'application/rdf+xml'],
    extension: 'rdf',
    serialize: dcatXml,
    list: dcatXmlList,
  },
  jsonFormat('json-ld', 'application/ld+json', 'jsonld', schemaOrgDataset),
  jsonFormat('geojson', 'application/vnd.geo+json', 'geojson', geoJson, false),
  jsonFormat(
    'linkset',
    'application/linkset+json',
    'json',
    (record) => linkset(record, describedBy()),
    false,
  ),
  {
    name: 'linkset',
    mediaType: 'application/linkset',
    accepts: ['application/linkset'],
    extension: 'txt',
    serialize: (record) => linksetText(record, describedBy()),
    negotiatedOnly: true,
  },
];

/** What a record's linkset lists as `describedby`: every metadata export but the linkset. */
function describedBy() {
  return EXPORT_FORMATS.filter(
    (format) => !format.negotiatedOnly && format.name !== 'linkset' && format.name !== 'json',
  );
}

/** The format of an export name, if Arca has it. */
export function formatNamed(name: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((format) => format.name === name && !format.negotiatedOnly);
}
