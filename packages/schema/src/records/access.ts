// `access`: who sees the record and its files, and the embargo (SPEC §3, §5).
import { isIsoDay } from './dates.ts';
import { checkOptionalString, isAbsent, objectAt } from './field-checks.ts';
import type { Report } from './report.ts';

function checkVisibility(value: unknown, path: string, report: Report): void {
  // Absent means public (SPEC §3).
  if (!isAbsent(value) && value !== 'public' && value !== 'restricted')
    report(path, 'invalidVisibility');
}

/** `today` is YYYY-MM-DD: an active embargo must end after it. */
function checkEmbargo(value: unknown, today: string, report: Report): void {
  const embargo = objectAt(value, 'access.embargo', report);
  if (!embargo) return;
  const { active, until } = embargo;
  if (!isAbsent(active) && typeof active !== 'boolean')
    report('access.embargo.active', 'notABoolean');
  checkOptionalString(embargo.reason, 'access.embargo.reason', report);

  const path = 'access.embargo.until';
  if (isAbsent(until) || until === '') {
    if (active === true) report(path, 'embargoUntilRequired');
  } else if (typeof until !== 'string' || !isIsoDay(until)) {
    report(path, 'invalidEmbargoDate');
  } else if (active === true && until <= today) {
    report(path, 'embargoUntilNotFuture');
  }
}

export function checkAccess(value: unknown, today: string, report: Report): void {
  const access = objectAt(value, 'access', report);
  if (!access) return;
  checkVisibility(access.record, 'access.record', report);
  checkVisibility(access.files, 'access.files', report);
  checkEmbargo(access.embargo, today, report);
}
