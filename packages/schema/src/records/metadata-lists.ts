// The simple repeatable metadata entries (SPEC §5): additional titles and
// descriptions, dates, references and subjects. Each check takes one entry.
import { isEdtfDateOrInterval } from './dates.ts';
import {
  checkIdOrText,
  checkOptionalString,
  checkRequiredString,
  checkRequiredVocabulary,
  checkVocabulary,
  objectAt,
} from './field-checks.ts';
import { checkReferenceIdentifier } from './related-identifiers.ts';
import type { Report } from './report.ts';

/** `metadata.additional_titles[]`: title and type required. */
export function checkAdditionalTitle(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkRequiredString(entry.title, `${path}.title`, report);
  checkRequiredVocabulary(entry.type, `${path}.type`, report);
  checkVocabulary(entry.lang, `${path}.lang`, report);
}

/** `metadata.additional_descriptions[]`: description and type required. */
export function checkAdditionalDescription(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkRequiredString(entry.description, `${path}.description`, report);
  checkRequiredVocabulary(entry.type, `${path}.type`, report);
  checkVocabulary(entry.lang, `${path}.lang`, report);
}

/** A date or interval in EDTF level 0 (the publication date, `dates[].date`). */
export function checkEdtfDate(value: unknown, path: string, report: Report): void {
  const date = checkRequiredString(value, path, report);
  if (date !== undefined && !isEdtfDateOrInterval(date)) report(path, 'invalidDateOrInterval');
}

/** `metadata.dates[]`: date and type required. */
export function checkDateEntry(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkEdtfDate(entry.date, `${path}.date`, report);
  checkRequiredVocabulary(entry.type, `${path}.type`, report);
  checkOptionalString(entry.description, `${path}.description`, report);
}

/** `metadata.references[]`: the reference string. */
export function checkReference(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (!entry) return;
  checkRequiredString(entry.reference, `${path}.reference`, report);
  checkReferenceIdentifier(entry, path, report);
}

/** `metadata.subjects[]`: a vocabulary subject `{id}` or a free keyword `{subject}`. */
export function checkSubject(value: unknown, path: string, report: Report): void {
  const entry = objectAt(value, path, report);
  if (entry) checkIdOrText(entry, 'subject', path, report, 'subjectIdOrText');
}
