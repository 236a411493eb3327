// `metadata`: one line per field, in the order the deposit form shows them.
import { checkContributors, checkCreators } from './creatibutors.ts';
import {
  checkEach,
  checkOptionalString,
  checkRequiredString,
  checkRequiredVocabulary,
  checkStringList,
  objectAt,
} from './field-checks.ts';
import { checkFunding } from './funding.ts';
import { checkLocations } from './locations.ts';
import {
  checkAdditionalDescription,
  checkAdditionalTitle,
  checkDateEntry,
  checkEdtfDate,
  checkReference,
  checkSubject,
} from './metadata-lists.ts';
import { checkAlternateIdentifier, checkRelatedIdentifier } from './related-identifiers.ts';
import type { Report } from './report.ts';
import { checkRights } from './rights.ts';

export const TITLE_MIN_LENGTH = 3;

function checkTitle(value: unknown, path: string, report: Report): void {
  const title = checkRequiredString(value, path, report);
  if (title !== undefined && title.trim().length < TITLE_MIN_LENGTH) report(path, 'titleTooShort');
}

/** Unknown keys are not looked at here (record-shape.ts finds them). */
export function checkMetadata(value: unknown, report: Report): void {
  const metadata = objectAt(value, 'metadata', report);
  if (!metadata) return;
  const at = (key: string) => `metadata.${key}`;

  checkRequiredVocabulary(metadata.resource_type, at('resource_type'), report);
  checkTitle(metadata.title, at('title'), report);
  checkEach(metadata.additional_titles, at('additional_titles'), report, checkAdditionalTitle);
  checkEdtfDate(metadata.publication_date, at('publication_date'), report);
  checkCreators(metadata.creators, at('creators'), report);
  checkContributors(metadata.contributors, at('contributors'), report);
  checkOptionalString(metadata.description, at('description'), report);
  checkEach(
    metadata.additional_descriptions,
    at('additional_descriptions'),
    report,
    checkAdditionalDescription,
  );
  checkEach(metadata.dates, at('dates'), report, checkDateEntry);
  checkEach(metadata.languages, at('languages'), report, checkRequiredVocabulary);
  checkEach(metadata.identifiers, at('identifiers'), report, checkAlternateIdentifier);
  checkEach(
    metadata.related_identifiers,
    at('related_identifiers'),
    report,
    checkRelatedIdentifier,
  );
  checkEach(metadata.references, at('references'), report, checkReference);
  checkEach(metadata.subjects, at('subjects'), report, checkSubject);
  checkEach(metadata.funding, at('funding'), report, checkFunding);
  checkEach(metadata.rights, at('rights'), report, checkRights);
  checkOptionalString(metadata.publisher, at('publisher'), report);
  checkOptionalString(metadata.version, at('version'), report);
  checkStringList(metadata.sizes, at('sizes'), report);
  checkStringList(metadata.formats, at('formats'), report);
  checkLocations(metadata.locations, at('locations'), report);
}
