import type { RecordJson } from '@arca/schema';

/** A metadata format OAI-PMH disseminates (ListMetadataFormats). */
export interface OaiFormat {
  prefix: string;
  schema: string;
  namespace: string;
  /** The record's metadata as one XML element, without an XML declaration. */
  render: (record: RecordJson) => string;
}

/** An export's XML document as an element to put inside OAI's `<metadata>`. */
export const withoutDeclaration = (xml: string) => xml.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
