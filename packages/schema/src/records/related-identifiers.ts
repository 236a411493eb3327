// A record's alternate identifiers (`metadata.identifiers`) and related works
// (`metadata.related_identifiers`), and the scheme/identifier pairs of other
// places (award and location identifiers, references).
import {
  checkOptionalString,
  checkRequiredString,
  checkRequiredVocabulary,
  checkVocabulary,
  isAbsent,
  objectAt,
  type JsonObject,
} from './field-checks.ts';
import { RECORD_IDENTIFIER_SCHEMES, validateIdentifier } from './identifiers.ts';
import type { Report } from './report.ts';

/** Schemes of an award's identifiers (InvenioRDM's award schemes). */
export const AWARD_IDENTIFIER_SCHEMES = ['doi', 'url'] as const;
/** Schemes of a reference's identifier (InvenioRDM's ReferenceSchema). */
export const REFERENCE_IDENTIFIER_SCHEMES = ['isni', 'grid', 'crossreffunderid', 'other'] as const;

/**
 * Both required; the scheme one of `allowed` (null: any scheme), the
 * identifier valid for a scheme Arca knows. Where saving detects a missing
 * scheme (`detects`), one still missing is one no allowed scheme explains.
 */
function checkSchemeAndIdentifier(
  entry: JsonObject,
  path: string,
  report: Report,
  allowed: readonly string[] | null,
  detects = false,
): void {
  const identifier = checkRequiredString(entry.identifier, `${path}.identifier`, report);
  const missing = detects && identifier !== undefined ? 'unknownScheme' : 'required';
  const scheme = checkRequiredString(entry.scheme, `${path}.scheme`, report, missing);
  if (scheme === undefined) return;
  if (allowed && !allowed.includes(scheme.toLowerCase())) {
    report(`${path}.scheme`, 'invalidScheme');
  } else if (identifier !== undefined && !validateIdentifier(scheme, identifier)) {
    report(`${path}.identifier`, 'invalidIdentifier');
  }
}

/** One `{scheme, identifier}` entry of a list. */
export function checkSchemeIdentifier(
  value: unknown,
  path: string,
  report: Report,
  allowed: readonly string[] | null,
): void {
  const entry = objectAt(value, path, report);
  if (entry) checkSchemeAndIdentifier(entry, path, report, allowed);
}

/** `metadata.identifiers[]`: identifier and scheme required. */
export function checkAlternateIdentifier(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (entry) checkSchemeAndIdentifier(entry, path, report, RECORD_IDENTIFIER_SCHEMES, true);
}

/** `metadata.related_identifiers[]`: relation, identifier and scheme required. */
export function checkRelatedIdentifier(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkSchemeAndIdentifier(entry, path, report, RECORD_IDENTIFIER_SCHEMES, true);
  checkRequiredVocabulary(entry.relation_type, `${path}.relation_type`, report);
  checkVocabulary(entry.resource_type, `${path}.resource_type`, report);
}

/** A reference's optional scheme and identifier: the scheme from its list, the identifier valid. */
export function checkReferenceIdentifier(entry: JsonObject, path: string, report: Report): void {
  checkOptionalString(entry.scheme, `${path}.scheme`, report);
  checkOptionalString(entry.identifier, `${path}.identifier`, report);
  const { scheme, identifier } = entry;
  if (isAbsent(scheme) || typeof scheme !== 'string') return;
  if (!(REFERENCE_IDENTIFIER_SCHEMES as readonly string[]).includes(scheme.toLowerCase())) {
    report(`${path}.scheme`, 'invalidScheme');
  } else if (typeof identifier === 'string' && !validateIdentifier(scheme, identifier)) {
    report(`${path}.identifier`, 'invalidIdentifier');
  }
}
