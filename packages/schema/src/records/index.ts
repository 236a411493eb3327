// Records and drafts: their JSON types and the validation shared by the server
// and the deposit form, and the two canonical draft bodies tests build on.
export * from './types.ts';
export { validateRecord, type ValidateRecordOptions } from './validate-record.ts';
export {
  CUSTOM_FIELD_GROUPS,
  dropUnknownKeys,
  unknownKeys,
  type CustomFieldGroup,
} from './record-shape.ts';
export { DOCUMENT_MAX_BYTES, LONG_TEXT_MAX, SHORT_TEXT_MAX, oversizedPart } from './limits.ts';
export { isGeometry } from './locations.ts';
export {
  IDENTIFIER_SCHEMES,
  ORGANIZATION_IDENTIFIER_SCHEMES,
  PERSON_IDENTIFIER_SCHEMES,
  RECORD_IDENTIFIER_SCHEMES,
  isHttpUrl,
  isUrl,
  normalizeDoi,
  normalizeIdentifier,
  validateIdentifier,
} from './identifiers.ts';
export { detectIdentifierSchemes, detectScheme, fillDetectedSchemes } from './scheme-detection.ts';
export { isEdtfDateOrInterval, isIsoDay } from './dates.ts';
export { TITLE_MIN_LENGTH } from './metadata.ts';
export * from './access-status.ts';
export { fullRecord, minimalRecord } from './fixtures.ts';
