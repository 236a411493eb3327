// A record's alternate identifiers (`metadata.identifiers`) and related works
// (`metadata.related_identifiers`).
import {
  checkRequiredString,
  checkRequiredVocabulary,
  checkVocabulary,
  objectAt,
  type JsonObject,
} from './field-checks.ts';
import { validateIdentifier } from './identifiers.ts';
import type { Report } from './report.ts';

function checkSchemeAndIdentifier(entry: JsonObject, path: string, report: Report): void {
  const identifier = checkRequiredString(entry.identifier, `${path}.identifier`, report);
  const scheme = checkRequiredString(entry.scheme, `${path}.scheme`, report);
  if (identifier !== undefined && scheme !== undefined && !validateIdentifier(scheme, identifier)) {
    report(`${path}.identifier`, 'invalidIdentifier');
  }
}

/** `metadata.identifiers[]`: identifier and scheme required. */
export function checkAlternateIdentifier(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (entry) checkSchemeAndIdentifier(entry, path, report);
}

/** `metadata.related_identifiers[]`: relation, identifier and scheme required. */
export function checkRelatedIdentifier(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkSchemeAndIdentifier(entry, path, report);
  checkRequiredVocabulary(entry.relation_type, `${path}.relation_type`, report);
  checkVocabulary(entry.resource_type, `${path}.resource_type`, report);
}
