import type { FieldError } from '../errors.ts';
import { checkAccess } from './access.ts';
import { checkCustomFields } from './custom-fields.ts';
import { checkOptionalString, isAbsent, isObject, objectAt } from './field-checks.ts';
import { checkLengths, oversizedPart } from './limits.ts';
import { checkMetadata } from './metadata.ts';
import { checkPids } from './pids.ts';
import { unknownKeys, type CustomFieldGroup } from './record-shape.ts';
import { collectFieldErrors } from './report.ts';

export interface ValidateRecordOptions {
  /** Today as YYYY-MM-DD: an active embargo must end after it. */
  today: string;
  /**
   * The custom field groups the site switched on. Given, the check is strict,
   * as publishing needs it: unknown keys, custom field values and the
   * document's size are checked too.
   */
  customFields?: readonly CustomFieldGroup[];
}

/**
 * Every problem of a draft body as the deposit form sends it (API.md §1.3),
 * one FieldError per dotted field path, messages as keys of
 * `validationMessages`. Never throws. Saving reports these and keeps the
 * data; publishing refuses while any remains. Top-level keys other than
 * metadata, access, files, pids and custom_fields are ignored unless strict.
 */
export function validateRecord(input: unknown, options: ValidateRecordOptions): FieldError[] {
  return collectFieldErrors((report) => {
    if (!isObject(input)) {
      report('_schema', 'notAnObject');
      return;
    }
    checkMetadata(input.metadata, report);
    checkAccess(input.access, options.today, report);
    const files = objectAt(input.files, 'files', report);
    if (files && !isAbsent(files.enabled) && typeof files.enabled !== 'boolean') {
      report('files.enabled', 'notABoolean');
    }
    if (files) checkOptionalString(files.default_preview, 'files.default_preview', report);
    checkPids(input.pids, report);
    checkLengths(input, '', report);
    const { customFields } = options;
    if (!customFields) {
      objectAt(input.custom_fields, 'custom_fields', report);
      return;
    }
    checkCustomFields(input.custom_fields, customFields, report);
    for (const path of unknownKeys(input, { customFields })) report(path, 'unknownField');
    const oversized = oversizedPart(input);
    if (oversized) report(oversized, 'documentTooLarge');
  });
}
