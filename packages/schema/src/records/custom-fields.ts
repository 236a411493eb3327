// `custom_fields`: the values of the custom field groups the site switched on
// (ARCA_DEPOSIT_CUSTOM_FIELDS). Keys of other groups are unknown (record-shape.ts).
import { checkOptionalString, isObject, objectAt } from './field-checks.ts';
import { isHttpUrl, validateIdentifier } from './identifiers.ts';
import { CUSTOM_FIELD_GROUPS, type CustomFieldGroup } from './record-shape.ts';
import type { Report } from './report.ts';

// Members whose text must also be a valid identifier of a scheme.
const IDENTIFIER_MEMBERS: Record<string, string> = { isbn: 'isbn', issn: 'issn' };

function checkMember(name: string, value: unknown, path: string, report: Report): void {
  checkOptionalString(value, path, report);
  if (typeof value !== 'string' || value.trim() === '') return;
  const scheme = IDENTIFIER_MEMBERS[name];
  if (scheme && !validateIdentifier(scheme, value)) report(path, 'invalidIdentifier');
  if (name === 'url' && !isHttpUrl(value.trim())) report(path, 'invalidLink');
}

export function checkCustomFields(
  value: unknown,
  groups: readonly CustomFieldGroup[],
  report: Report,
): void {
  const fields = objectAt(value, 'custom_fields', report);
  if (!fields) return;
  for (const group of groups) {
    const { key, fields: members } = CUSTOM_FIELD_GROUPS[group];
    const path = `custom_fields.${key}`;
    const entry = fields[key];
    if (!members) {
      checkOptionalString(entry, path, report);
      continue;
    }
    const object = objectAt(entry, path, report);
    if (!object || !isObject(entry)) continue;
    for (const name of members) checkMember(name, object[name], `${path}.${name}`, report);
  }
}
