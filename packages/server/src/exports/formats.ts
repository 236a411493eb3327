import type { RecordJson } from '@arca/schema';
import { cslItem } from './csl.ts';
import { dataciteJson } from './datacite.ts';
import { dataciteXml, dataciteXmlList } from './datacite-xml.ts';

/*
 * The export formats (InvenioRDM's names and media types). Every serializer is a
 * function of the same record view: the record JSON that `GET /api/records/{id}`
 * answers the requester (`RecordJson`, not the UI form). It already holds only
 * what the requester may read — files of restricted records are absent — so an
 * export can never show more than the JSON read does. Vocabulary crosswalks
 * (DataCite, CSL and schema.org types) come from vocabulary-props.ts.
 *
 * A format's `serialize` answers a string (sent as is) or a value (sent as JSON);
 * `list`, when the format has a list form, does the same for a search page.
 */

export interface ExportFormat {
  /** The name in `/records/{id}/export/{name}`. */
  name: string;
  /** The media type answered; `accepts` lists every media type that asks for it. */
  mediaType: string;
  accepts: readonly string[];
  extension: string;
  serialize: (record: RecordJson) => string | object;
  list?: (records: RecordJson[]) => string | object;
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
  ...(listed ? { list: (records: RecordJson[]) => records.map(serialize) } : {}),
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
  },
];

/** The format of an export name, if Arca has it. */
export function formatNamed(name: string): ExportFormat | undefined {
  return EXPORT_FORMATS.find((format) => format.name === name);
}
