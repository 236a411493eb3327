import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import type { RecordJson } from '@arca/schema';

// The official schemas kept as fixtures (nothing is fetched in tests), and
// libxml2's validator compiled to WebAssembly: the same check as `xmllint --schema`.

const xsdDir = path.join(import.meta.dirname, 'fixtures/xsd');
const read = (name: string) => ({
  fileName: name,
  contents: readFileSync(path.join(xsdDir, name), 'utf8'),
});

const SCHEMAS = {
  datacite: ['datacite-4.5.xsd', 'xml.xsd'],
  oai_dc: ['oai_dc.xsd', 'simpledc20021212.xsd', 'xml.xsd'],
  marcxml: ['MARC21slim.xsd'],
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The schema errors of a document (none: valid). */
export async function schemaErrors(xml: string, schema: SchemaName): Promise<string[]> {
  const [main, ...imports] = SCHEMAS[schema];
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [read(main)],
    preload: imports.map(read),
  });
  return result.errors.map((error) => error.rawMessage);
}

/** Whether a document is well-formed XML (no schema). */
export async function wellFormedErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    normalization: 'format',
  });
  return result.errors.map((error) => error.rawMessage);
}

/** A published record with every metadata field (its JSON as the API answers it). */
export const fullRecordJson = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/full-record.json'), 'utf8'),
) as RecordJson;

const ajv = new Ajv({ allErrors: true, strict: false });
// ajv-formats is CommonJS: its function is the default export's default.
formats.default(ajv);
const jsonSchema = (name: string) =>
  ajv.compile(
    JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/json-schema', name), 'utf8')),
  );
const JSON_SCHEMAS = {
  csl: jsonSchema('csl-data.json'),
  datacite: jsonSchema('datacite-v4.5.json'),
};

/** The JSON Schema errors of a value (none: valid). */
export function jsonSchemaErrors(value: unknown, schema: keyof typeof JSON_SCHEMAS): string[] {
  const validate = JSON_SCHEMAS[schema];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
