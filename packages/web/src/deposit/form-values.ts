import type { Visibility } from '@arca/schema';

// The shape react-hook-form edits. It follows the API's record (API.md §1.3)
// so that server error paths land on fields unchanged, with two differences:
// vocabulary references are plain ids (`''` when unset) and localised texts
// are single strings. serializer.ts converts both ways.

export type PersonOrOrgType = 'personal' | 'organizational';

export interface IdentifierValue {
  scheme: string;
  identifier: string;
}

export interface AffiliationValue {
  id?: string;
  name: string;
}

export interface CreatibutorValue {
  person_or_org: {
    type: PersonOrOrgType;
    given_name: string;
    family_name: string;
    name: string;
    identifiers: IdentifierValue[];
  };
  role: string;
  affiliations: AffiliationValue[];
}

export interface AdditionalTitleValue {
  title: string;
  type: string;
  lang: string;
}

export interface AdditionalDescriptionValue {
  description: string;
  type: string;
  lang: string;
}

export interface DateValue {
  date: string;
  type: string;
  description: string;
}

export interface RelatedIdentifierValue {
  scheme: string;
  identifier: string;
  relation_type: string;
  resource_type: string;
}

export interface ReferenceValue {
  reference: string;
}

export interface LanguageValue {
  id: string;
  title: string;
}

/** A vocabulary subject (with id) or a free keyword. */
export interface SubjectValue {
  id?: string;
  subject: string;
}

/** A standard licence (with id; title and description for display) or a custom one. */
export interface LicenseValue {
  id?: string;
  title: string;
  description: string;
  link: string;
}

export interface FundingValue {
  funder: { id?: string; name: string };
  award?: { id?: string; number: string; title: string };
}

export type DoiChoice = 'external' | 'managed' | 'none';

export interface CustomFieldsValue {
  imprint: { title: string; isbn: string; pages: string; place: string; edition: string };
  journal: { title: string; issn: string; volume: string; issue: string; pages: string };
  meeting: {
    title: string;
    acronym: string;
    dates: string;
    place: string;
    session: string;
    session_part: string;
    url: string;
  };
  thesis: { university: string };
}

export interface DepositFormValues {
  metadata: {
    resource_type: string;
    title: string;
    additional_titles: AdditionalTitleValue[];
    publication_date: string;
    publisher: string;
    version: string;
    creators: CreatibutorValue[];
    contributors: CreatibutorValue[];
    description: string;
    additional_descriptions: AdditionalDescriptionValue[];
    dates: DateValue[];
    languages: LanguageValue[];
    identifiers: IdentifierValue[];
    related_identifiers: RelatedIdentifierValue[];
    references: ReferenceValue[];
    subjects: SubjectValue[];
    funding: FundingValue[];
    rights: LicenseValue[];
  };
  access: {
    record: Visibility;
    files: Visibility;
    embargo: { active: boolean; until: string; reason: string };
  };
  files: { enabled: boolean };
  /** The DOI question: an existing (external) DOI, a managed one, or none at all. */
  pids: { choice: DoiChoice; external: string };
  custom_fields: CustomFieldsValue;
}

export const emptyCreatibutor = (): CreatibutorValue => ({
  person_or_org: { type: 'personal', given_name: '', family_name: '', name: '', identifiers: [] },
  role: '',
  affiliations: [],
});

/** New rows as SPEC §9 says: an additional title defaults to "alternative-title". */
export const newRows = {
  additionalTitle: (): AdditionalTitleValue => ({ title: '', type: 'alternative-title', lang: '' }),
  additionalDescription: (): AdditionalDescriptionValue => ({
    description: '',
    type: '',
    lang: '',
  }),
  date: (): DateValue => ({ date: '', type: '', description: '' }),
  identifier: (): IdentifierValue => ({ scheme: '', identifier: '' }),
  relatedIdentifier: (): RelatedIdentifierValue => ({
    scheme: '',
    identifier: '',
    resource_type: '',
    relation_type: '',
  }),
  reference: (): ReferenceValue => ({ reference: '' }),
};

export const emptyCustomFields = (): CustomFieldsValue => ({
  imprint: { title: '', isbn: '', pages: '', place: '', edition: '' },
  journal: { title: '', issn: '', volume: '', issue: '', pages: '' },
  meeting: {
    title: '',
    acronym: '',
    dates: '',
    place: '',
    session: '',
    session_part: '',
    url: '',
  },
  thesis: { university: '' },
});

/** A new upload: public, files expected, today's date to be filled in by the person. */
export function emptyFormValues(): DepositFormValues {
  return {
    metadata: {
      resource_type: '',
      title: '',
      additional_titles: [],
      publication_date: '',
      publisher: '',
      version: '',
      creators: [],
      contributors: [],
      description: '',
      additional_descriptions: [],
      dates: [],
      languages: [],
      identifiers: [],
      related_identifiers: [],
      references: [],
      subjects: [],
      funding: [],
      rights: [],
    },
    access: {
      record: 'public',
      files: 'public',
      embargo: { active: false, until: '', reason: '' },
    },
    files: { enabled: true },
    pids: { choice: 'managed', external: '' },
    custom_fields: emptyCustomFields(),
  };
}
