// `metadata.funding[]`: a funder, and optionally an award.
import {
  checkEach,
  checkIdOrText,
  checkLocalizedText,
  checkOptionalString,
  isAbsent,
  isFilledString,
  objectAt,
} from './field-checks.ts';
import { AWARD_IDENTIFIER_SCHEMES, checkSchemeIdentifier } from './related-identifiers.ts';
import type { Report } from './report.ts';

export function checkFunding(value: unknown, path: string, report: Report): void {
  const funding = objectAt(value, path, report);
  if (!funding) return;

  const funderPath = `${path}.funder`;
  if (isAbsent(funding.funder)) {
    report(funderPath, 'required');
  } else {
    const funder = objectAt(funding.funder, funderPath, report);
    if (funder) checkIdOrText(funder, 'name', funderPath, report, 'funderIdOrName');
  }

  if (isAbsent(funding.award)) return;
  const awardPath = `${path}.award`;
  const award = objectAt(funding.award, awardPath, report);
  if (!award) return;
  checkOptionalString(award.id, `${awardPath}.id`, report);
  checkEach(award.identifiers, `${awardPath}.identifiers`, report, (item, itemPath) =>
    checkSchemeIdentifier(item, itemPath, report, AWARD_IDENTIFIER_SCHEMES),
  );
  // An award from the vocabulary is an id; a custom one needs a title.
  if (!isFilledString(award.id)) {
    checkLocalizedText(award.title, `${awardPath}.title`, report, 'titleRequired');
    checkOptionalString(award.number, `${awardPath}.number`, report);
  }
}
