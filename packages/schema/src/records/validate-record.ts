import type { FieldError } from '../errors.ts';
import { checkAccess } from './access.ts';
import { isAbsent, isObject, objectAt } from './field-checks.ts';
import { checkMetadata } from './metadata.ts';
import { checkPids } from './pids.ts';
import { collectFieldErrors } from './report.ts';

export interface ValidateRecordOptions {
  /** Today as YYYY-MM-DD: an active embargo must end after it. */
  today: string;
}

/**
 * Every problem of a draft body as the deposit form sends it (API.md §1.3),
 * one FieldError per dotted field path, messages as keys of
 * `validationMessages`. Never throws. Saving reports these and keeps the
 * data; publishing refuses while any remains. Top-level keys other than
 * metadata, access, files, pids and custom_fields are ignored.
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
    checkPids(input.pids, report);
    objectAt(input.custom_fields, 'custom_fields', report);
  });
}
