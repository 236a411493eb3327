// `metadata.rights[]`: a standard licence `{id}`, or a custom one with a title
// and optionally a description and a link (SPEC §2, §5).
import {
  checkLocalizedText,
  checkOptionalString,
  isAbsent,
  isFilledString,
  objectAt,
} from './field-checks.ts';
import { isHttpUrl } from './identifiers.ts';
import type { Report } from './report.ts';

export function checkRights(value: unknown, path: string, report: Report): void {
  const rights = objectAt(value, path, report);
  if (!rights) return;
  if (isFilledString(rights.id)) return;
  checkOptionalString(rights.id, `${path}.id`, report);

  checkLocalizedText(rights.title, `${path}.title`, report, 'titleRequired');
  checkLocalizedText(rights.description, `${path}.description`, report);
  const { link } = rights;
  if (isAbsent(link) || link === '') return;
  if (typeof link !== 'string' || !isHttpUrl(link.trim())) report(`${path}.link`, 'invalidLink');
}
