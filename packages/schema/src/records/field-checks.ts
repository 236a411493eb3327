// Checks shared by every part of a record. Each takes the raw JSON value, its
// dotted path and a Report; none assumes anything about the value's type.
import type { ValidationMessageKey } from '../messages.ts';
import type { Report } from './report.ts';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent and null mean the same: the deposit form drops empty values. */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

export function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The object to check inside: an absent value counts as `{}` so its required
 * members get reported; a value of another type is reported and not entered.
 */
export function objectAt(value: unknown, path: string, report: Report): JsonObject | undefined {
  if (isAbsent(value)) return {};
  if (isObject(value)) return value;
  report(path, 'notAnObject');
  return undefined;
}

/** Runs `checkItem` on each item of an optional list, with the item's index in its path. */
export function checkEach(
  value: unknown,
  path: string,
  report: Report,
  checkItem: (item: unknown, itemPath: string, report: Report) => void,
): void {
  if (isAbsent(value)) return;
  if (!Array.isArray(value)) {
    report(path, 'notAList');
    return;
  }
  value.forEach((item: unknown, index) => checkItem(item, `${path}.${index}`, report));
}

/** A required non-blank string; returns it when valid. */
export function checkRequiredString(
  value: unknown,
  path: string,
  report: Report,
  missing: ValidationMessageKey = 'required',
): string | undefined {
  if (typeof value === 'string') {
    if (value.trim() !== '') return value;
  } else if (!isAbsent(value)) {
    report(path, 'notAString');
    return undefined;
  }
  report(path, missing);
  return undefined;
}

export function checkOptionalString(value: unknown, path: string, report: Report): void {
  if (!isAbsent(value) && typeof value !== 'string') report(path, 'notAString');
}

export function checkStringList(value: unknown, path: string, report: Report): void {
  checkEach(value, path, report, checkOptionalString);
}

/**
 * A vocabulary reference, sent as `{id}` (SPEC §3). Required when a `missing`
 * message is given. An empty reference (`{}`, `{id: ''}`) counts as absent,
 * so a cleared optional field is fine.
 */
export function checkVocabulary(
  value: unknown,
  path: string,
  report: Report,
  missing?: ValidationMessageKey,
): void {
  const reference = objectAt(value, path, report);
  if (!reference) return;
  const { id } = reference;
  if (!isAbsent(id) && typeof id !== 'string') report(`${path}.id`, 'notAString');
  else if (missing && !isFilledString(id)) report(path, missing);
}

export function checkRequiredVocabulary(value: unknown, path: string, report: Report): void {
  checkVocabulary(value, path, report, 'required');
}

/**
 * A text in several languages, `{en: "…", fr: "…"}`, or leniently a plain
 * string. Blank counts as missing, reported with `missing` when given.
 */
export function checkLocalizedText(
  value: unknown,
  path: string,
  report: Report,
  missing?: ValidationMessageKey,
): void {
  if (isFilledString(value)) return;
  if (isObject(value)) {
    const entries = Object.entries(value);
    for (const [lang, text] of entries) checkOptionalString(text, `${path}.${lang}`, report);
    if (entries.some(([, text]) => isFilledString(text))) return;
  } else if (!isAbsent(value) && typeof value !== 'string') {
    report(path, 'notAnObject');
    return;
  }
  if (missing) report(path, missing);
}

/**
 * An entry that points to a vocabulary entry by `id` or gives free text
 * instead (affiliations, subjects, funders); reports `missing` on the entry
 * when it has neither.
 */
export function checkIdOrText(
  entry: JsonObject,
  textKey: string,
  path: string,
  report: Report,
  missing: ValidationMessageKey,
): void {
  checkOptionalString(entry.id, `${path}.id`, report);
  checkOptionalString(entry[textKey], `${path}.${textKey}`, report);
  if (!isFilledString(entry.id) && !isFilledString(entry[textKey])) report(path, missing);
}
