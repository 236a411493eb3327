// Creators and contributors ("creatibutors"): a person or organisation, a
// role and affiliations (SPEC §3, §5).
import {
  checkEach,
  checkIdOrText,
  checkOptionalString,
  checkRequiredString,
  checkVocabulary,
  isAbsent,
  objectAt,
} from './field-checks.ts';
import {
  ORGANIZATION_IDENTIFIER_SCHEMES,
  PERSON_IDENTIFIER_SCHEMES,
  validateIdentifier,
} from './identifiers.ts';
import type { Report } from './report.ts';

type PersonOrOrgType = 'personal' | 'organizational';

const IDENTIFIER_SCHEMES_BY_TYPE: Record<PersonOrOrgType, readonly string[]> = {
  personal: PERSON_IDENTIFIER_SCHEMES,
  organizational: ORGANIZATION_IDENTIFIER_SCHEMES,
};

function isPersonOrOrgType(value: unknown): value is PersonOrOrgType {
  return value === 'personal' || value === 'organizational';
}

/** `metadata.creators`: at least one; the role is optional and may be cleared. */
export function checkCreators(value: unknown, path: string, report: Report): void {
  if (isAbsent(value) || (Array.isArray(value) && value.length === 0)) report(path, 'required');
  checkEach(value, path, report, (item, itemPath) =>
    checkCreatibutor(item, itemPath, report, false),
  );
}

/** `metadata.contributors`: optional, but each one needs a role. */
export function checkContributors(value: unknown, path: string, report: Report): void {
  checkEach(value, path, report, (item, itemPath) =>
    checkCreatibutor(item, itemPath, report, true),
  );
}

function checkCreatibutor(
  value: unknown,
  path: string,
  report: Report,
  roleRequired: boolean,
): void {
  const creatibutor = objectAt(value, path, report);
  if (!creatibutor) return;
  checkPersonOrOrg(creatibutor.person_or_org, `${path}.person_or_org`, report);
  checkVocabulary(
    creatibutor.role,
    `${path}.role`,
    report,
    roleRequired ? 'roleRequired' : undefined,
  );
  checkEach(creatibutor.affiliations, `${path}.affiliations`, report, (item, itemPath) => {
    const affiliation = objectAt(item, itemPath, report);
    if (affiliation) checkIdOrText(affiliation, 'name', itemPath, report, 'affiliationIdOrName');
  });
}

function checkPersonOrOrg(value: unknown, path: string, report: Report): void {
  if (isAbsent(value)) {
    report(path, 'required');
    return;
  }
  const personOrOrg = objectAt(value, path, report);
  if (!personOrOrg) return;
  const { type } = personOrOrg;
  if (!isPersonOrOrgType(type)) report(`${path}.type`, 'invalidCreatorType');
  if (type === 'personal') {
    checkRequiredString(
      personOrOrg.family_name,
      `${path}.family_name`,
      report,
      'familyNameRequired',
    );
    checkOptionalString(personOrOrg.given_name, `${path}.given_name`, report);
    checkOptionalString(personOrOrg.name, `${path}.name`, report);
  } else if (type === 'organizational') {
    checkRequiredString(personOrOrg.name, `${path}.name`, report, 'nameRequired');
  }
  checkPersonOrOrgIdentifiers(
    personOrOrg.identifiers,
    `${path}.identifiers`,
    isPersonOrOrgType(type) ? type : undefined,
    report,
  );
}

/** Each identifier valid for its scheme, the scheme allowed for the type, and one per scheme. */
function checkPersonOrOrgIdentifiers(
  value: unknown,
  path: string,
  type: PersonOrOrgType | undefined,
  report: Report,
): void {
  const seenSchemes = new Set<string>();
  checkEach(value, path, report, (item, itemPath) => {
    const entry = objectAt(item, itemPath, report);
    if (!entry) return;
    const identifier = checkRequiredString(entry.identifier, `${itemPath}.identifier`, report);
    // Saving detects a missing scheme: one still missing is one no allowed scheme explains.
    const missing = identifier === undefined ? 'required' : 'unknownScheme';
    const scheme = checkRequiredString(entry.scheme, `${itemPath}.scheme`, report, missing);
    if (scheme === undefined) return;

    const schemeKey = scheme.toLowerCase();
    if (seenSchemes.has(schemeKey)) report(`${itemPath}.scheme`, 'duplicateScheme');
    seenSchemes.add(schemeKey);

    // With an invalid type (reported already) the allowed schemes are unknown until it is fixed.
    if (type && !IDENTIFIER_SCHEMES_BY_TYPE[type].includes(schemeKey)) {
      report(
        `${itemPath}.scheme`,
        type === 'personal' ? 'invalidPersonScheme' : 'invalidOrganizationScheme',
      );
      return;
    }
    if (identifier !== undefined && !validateIdentifier(scheme, identifier)) {
      report(`${itemPath}.identifier`, 'invalidIdentifier');
    }
  });
}
