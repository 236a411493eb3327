import type {
  Creatibutor,
  Funding,
  LocalizedText,
  RecordInput,
  RecordJson,
  Rights,
  Subject,
} from '@arca/schema';
import {
  emptyCustomFields,
  emptyFormValues,
  type CreatibutorValue,
  type CustomFieldsValue,
  type DepositFormValues,
  type DoiChoice,
  type FundingValue,
  type LicenseValue,
} from './form-values.ts';

// Between the form (form-values.ts) and the API payload (SPEC §3): empty
// values are dropped, vocabulary fields go out as {id}, localised texts are
// keyed by the default locale. Rows of a list are never dropped, even when
// empty, so that error paths such as `metadata.dates.2.type` keep pointing at
// the row the person sees.

/** The locale that keys localised texts we write (SPEC §3). */
export const DEFAULT_LOCALE = 'en';

/** Custom field keys on the wire, per group (InvenioRDM's names). */
export const CUSTOM_FIELD_KEYS = {
  imprint: 'imprint:imprint',
  journal: 'journal:journal',
  meeting: 'meeting:meeting',
  thesis: 'thesis:university',
} as const;

type Json = unknown;

function isEmpty(value: Json): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Drops empty strings, nulls, empty lists and objects, recursively; list items stay. */
export function dropEmpty(value: Json, inList = false): Json {
  if (Array.isArray(value)) return value.map((item: Json) => dropEmpty(item, true) ?? {});
  if (value !== null && typeof value === 'object') {
    const kept: Record<string, Json> = {};
    for (const [key, member] of Object.entries(value)) {
      const cleaned = dropEmpty(member);
      if (!isEmpty(cleaned)) kept[key] = cleaned;
    }
    return kept;
  }
  if (typeof value === 'string') return inList ? value : value.trim() === '' ? undefined : value;
  return value;
}

const ref = (id: string) => (id.trim() ? { id } : undefined);
const localized = (text: string): LocalizedText | undefined =>
  text.trim() ? { [DEFAULT_LOCALE]: text } : undefined;

/** The name InvenioRDM derives for a person: "Family, Given". */
export function personName(family: string, given: string): string {
  return [family.trim(), given.trim()].filter(Boolean).join(', ');
}

function creatibutorToApi(value: CreatibutorValue): Json {
  const { person_or_org: person } = value;
  const personal = person.type === 'personal';
  return {
    person_or_org: {
      type: person.type,
      ...(personal
        ? {
            given_name: person.given_name,
            family_name: person.family_name,
            name: personName(person.family_name, person.given_name),
          }
        : { name: person.name }),
      identifiers: person.identifiers,
    },
    role: ref(value.role),
    affiliations: value.affiliations.map((affiliation) =>
      affiliation.id ? { id: affiliation.id } : { name: affiliation.name },
    ),
  };
}

function licenseToApi(value: LicenseValue): Json {
  if (value.id) return { id: value.id };
  return {
    title: localized(value.title),
    description: localized(value.description),
    link: value.link,
  };
}

function fundingToApi(value: FundingValue): Json {
  const { funder, award } = value;
  return {
    funder: funder.id ? { id: funder.id } : { name: funder.name },
    award: award
      ? award.id
        ? { id: award.id }
        : { number: award.number, title: localized(award.title) }
      : undefined,
  };
}

function doiToApi(pids: DepositFormValues['pids'], reserved: RecordJson['pids']['doi']): Json {
  if (pids.choice === 'external') return { identifier: pids.external.trim(), provider: 'external' };
  if (pids.choice === 'managed' && reserved && reserved.provider !== 'external') return reserved;
  return undefined;
}

function customFieldsToApi(values: CustomFieldsValue, enabled: readonly string[]): Json {
  const fields: Record<string, Json> = {};
  if (enabled.includes('imprint')) fields[CUSTOM_FIELD_KEYS.imprint] = values.imprint;
  if (enabled.includes('journal')) fields[CUSTOM_FIELD_KEYS.journal] = values.journal;
  if (enabled.includes('meeting')) fields[CUSTOM_FIELD_KEYS.meeting] = values.meeting;
  if (enabled.includes('thesis')) fields[CUSTOM_FIELD_KEYS.thesis] = values.thesis.university;
  return fields;
}

export interface SerializeOptions {
  /** The draft as last read: its reserved DOI is kept. */
  draft?: RecordJson;
  /** Custom field groups switched on by configuration. */
  customFields?: readonly string[];
}

/** The API payload of a save or create (SPEC §3, §7). */
export function toPayload(values: DepositFormValues, options: SerializeOptions = {}): RecordInput {
  const { metadata } = values;
  const payload = {
    metadata: {
      resource_type: ref(metadata.resource_type),
      title: metadata.title,
      additional_titles: metadata.additional_titles.map((row) => ({
        title: row.title,
        type: ref(row.type),
        lang: ref(row.lang),
      })),
      publication_date: metadata.publication_date,
      publisher: metadata.publisher,
      version: metadata.version,
      creators: metadata.creators.map(creatibutorToApi),
      contributors: metadata.contributors.map(creatibutorToApi),
      description: isBlankHtml(metadata.description) ? '' : metadata.description,
      additional_descriptions: metadata.additional_descriptions.map((row) => ({
        description: row.description,
        type: ref(row.type),
        lang: ref(row.lang),
      })),
      dates: metadata.dates.map((row) => ({
        date: row.date,
        type: ref(row.type),
        description: row.description,
      })),
      languages: metadata.languages.map((language) => ({ id: language.id })),
      identifiers: metadata.identifiers,
      related_identifiers: metadata.related_identifiers.map((row) => ({
        scheme: row.scheme,
        identifier: row.identifier,
        relation_type: ref(row.relation_type),
        resource_type: ref(row.resource_type),
      })),
      references: metadata.references,
      subjects: metadata.subjects.map((subject) =>
        subject.id ? { id: subject.id } : { subject: subject.subject },
      ),
      funding: metadata.funding.map(fundingToApi),
      rights: metadata.rights.map(licenseToApi),
    },
    access: values.access,
    files: { enabled: values.files.enabled },
    pids: { doi: doiToApi(values.pids, options.draft?.pids.doi) },
    custom_fields: customFieldsToApi(values.custom_fields, options.customFields ?? []),
  };
  const cleaned = dropEmpty(payload) as RecordInput;
  // An embargo switched off is still sent, so switching it off reaches the server.
  cleaned.access = {
    ...cleaned.access,
    embargo: {
      active: values.access.embargo.active,
      until: values.access.embargo.until.trim() || null,
      reason: values.access.embargo.reason.trim() || null,
    },
  };
  cleaned.pids ??= {};
  cleaned.metadata ??= {};
  cleaned.custom_fields ??= {};
  return cleaned;
}

/** TipTap's empty document is `<p></p>`: nothing to send. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim() === '';
}

/** A localised text in the first of `languages` it has, else any. */
export function pickText(text: LocalizedText | string | undefined, languages: readonly string[]) {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  for (const language of [...languages, DEFAULT_LOCALE]) {
    const value = text[language];
    if (value) return value;
  }
  return Object.values(text)[0] ?? '';
}

const idOf = (value: { id?: string } | null | undefined) => value?.id ?? '';

function creatibutorFromApi(value: Creatibutor): CreatibutorValue {
  const person = value.person_or_org;
  return {
    person_or_org: {
      type: person.type === 'organizational' ? 'organizational' : 'personal',
      given_name: person.given_name ?? '',
      family_name: person.family_name ?? '',
      name: person.name ?? '',
      identifiers: (person.identifiers ?? []).map(({ scheme, identifier }) => ({
        scheme,
        identifier,
      })),
    },
    role: idOf(value.role),
    affiliations: (value.affiliations ?? []).map((affiliation) => ({
      ...(affiliation.id ? { id: affiliation.id } : {}),
      name: affiliation.name ?? affiliation.id ?? '',
    })),
  };
}

function licenseFromApi(value: Rights, languages: readonly string[]): LicenseValue {
  return {
    ...(value.id ? { id: value.id } : {}),
    title: pickText(value.title, languages) || (value.id ?? ''),
    description: pickText(value.description, languages),
    link: value.link ?? value.props?.url ?? '',
  };
}

function fundingFromApi(value: Funding, languages: readonly string[]): FundingValue {
  const { funder, award } = value;
  return {
    funder: { ...(funder.id ? { id: funder.id } : {}), name: funder.name ?? funder.id ?? '' },
    ...(award
      ? {
          award: {
            ...(award.id ? { id: award.id } : {}),
            number: award.number ?? '',
            title: pickText(award.title, languages),
          },
        }
      : {}),
  };
}

// A vocabulary subject shows in the UI language; only its id is sent back.
function subjectFromApi(value: Subject, languages: readonly string[]) {
  const text = (value.title && pickText(value.title, languages)) || value.subject || value.id;
  return { ...(value.id ? { id: value.id } : {}), subject: text ?? '' };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function stringsOf<T extends Record<string, string>>(defaults: T, value: unknown): T {
  const source = asRecord(value);
  const result = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const member = source[key as string];
    if (typeof member === 'string') result[key] = member as T[keyof T];
  }
  return result;
}

function customFieldsFromApi(fields: Record<string, unknown>): CustomFieldsValue {
  const empty = emptyCustomFields();
  const university = fields[CUSTOM_FIELD_KEYS.thesis];
  return {
    imprint: stringsOf(empty.imprint, fields[CUSTOM_FIELD_KEYS.imprint]),
    journal: stringsOf(empty.journal, fields[CUSTOM_FIELD_KEYS.journal]),
    meeting: stringsOf(empty.meeting, fields[CUSTOM_FIELD_KEYS.meeting]),
    thesis: { university: typeof university === 'string' ? university : '' },
  };
}

function doiChoiceOf(record: RecordJson, doiRequired: boolean): DoiChoice {
  const doi = record.pids.doi;
  if (doi?.provider === 'external') return 'external';
  if (doi) return 'managed';
  // Without a DOI where one is optional, nothing asks for one until the person does.
  return doiRequired ? 'managed' : 'none';
}

/** The form values of a draft as the API returned it. */
export function fromRecord(
  record: RecordJson,
  options: { languages?: readonly string[]; doiRequired?: boolean } = {},
): DepositFormValues {
  const languages = options.languages ?? [DEFAULT_LOCALE];
  const empty = emptyFormValues();
  const metadata = record.metadata;
  const embargo = record.access.embargo;
  return {
    metadata: {
      resource_type: idOf(metadata.resource_type),
      title: metadata.title ?? '',
      additional_titles: (metadata.additional_titles ?? []).map((row) => ({
        title: row.title,
        type: idOf(row.type),
        lang: idOf(row.lang),
      })),
      publication_date: metadata.publication_date ?? '',
      publisher: metadata.publisher ?? '',
      version: metadata.version ?? '',
      creators: (metadata.creators ?? []).map(creatibutorFromApi),
      contributors: (metadata.contributors ?? []).map(creatibutorFromApi),
      description: metadata.description ?? '',
      additional_descriptions: (metadata.additional_descriptions ?? []).map((row) => ({
        description: row.description,
        type: idOf(row.type),
        lang: idOf(row.lang),
      })),
      dates: (metadata.dates ?? []).map((row) => ({
        date: row.date,
        type: idOf(row.type),
        description: row.description ?? '',
      })),
      languages: (metadata.languages ?? []).map((language) => ({
        id: language.id,
        title: pickText(language.title, languages) || language.id,
      })),
      identifiers: (metadata.identifiers ?? []).map(({ scheme, identifier }) => ({
        scheme,
        identifier,
      })),
      related_identifiers: (metadata.related_identifiers ?? []).map((row) => ({
        scheme: row.scheme,
        identifier: row.identifier,
        relation_type: idOf(row.relation_type),
        resource_type: idOf(row.resource_type),
      })),
      references: (metadata.references ?? []).map((row) => ({ reference: row.reference })),
      subjects: (metadata.subjects ?? []).map((subject) => subjectFromApi(subject, languages)),
      funding: (metadata.funding ?? []).map((row) => fundingFromApi(row, languages)),
      rights: (metadata.rights ?? []).map((row) => licenseFromApi(row, languages)),
    },
    access: {
      record: record.access.record,
      files: record.access.files,
      embargo: {
        active: embargo.active,
        until: embargo.until ?? '',
        reason: embargo.reason ?? '',
      },
    },
    files: { enabled: record.files.enabled },
    pids: {
      choice: doiChoiceOf(record, options.doiRequired ?? false),
      external: record.pids.doi?.provider === 'external' ? record.pids.doi.identifier : '',
    },
    custom_fields: { ...empty.custom_fields, ...customFieldsFromApi(record.custom_fields) },
  };
}

/**
 * Where a server error path lands in the form: vocabulary values are plain
 * ids in the form, so `….type.id` is the `….type` field.
 */
export function formPathOf(field: string): string {
  return field.replace(/\.id$/, '');
}
