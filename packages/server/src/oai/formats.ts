import type { RecordJson } from '@arca/schema';

/** A metadata format OAI-PMH disseminates (ListMetadataFormats). */
export interface OaiFormat {
  prefix: string;
  schema: string;
  namespace: string;
  /** The record's metadata as one XML element, without an XML declaration. */
  render: (record: RecordJson) => string;
  /**
   * Only records with a DOI can be described (DataCite's kernel requires its
   * `identifier`): GetRecord of another is cannotDisseminateFormat, lists skip it.
   */
  needsDoi?: boolean;
}

/** An export's XML document as an element to put inside OAI's `<metadata>`. */
export const withoutDeclaration = (xml: string) => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
