/** Vocabularies served at /api/vocabularies/{type}. */
export const GENERIC_TYPES = [
  'licenses',
  'languages',
  'resourcetypes',
  'titletypes',
  'descriptiontypes',
  'datetypes',
  'relationtypes',
  'creatorsroles',
  'contributorsroles',
  'identifierschemes',
  /** Why a record was deleted (its tombstone's `removal_reason`). */
  'removalreasons',
] as const;

/** Vocabularies with endpoints of their own (/api/affiliations...). */
export const SPECIAL_TYPES = ['affiliations', 'names', 'funders', 'awards', 'subjects'] as const;

export type GenericType = (typeof GENERIC_TYPES)[number];
export type SpecialType = (typeof SPECIAL_TYPES)[number];
export type VocabularyType = GenericType | SpecialType;

export const ALL_TYPES: readonly VocabularyType[] = [...GENERIC_TYPES, ...SPECIAL_TYPES];

export function isGenericType(type: string): type is GenericType {
  return (GENERIC_TYPES as readonly string[]).includes(type);
}

/** One entry of a data file: the plain InvenioRDM item without its bookkeeping fields. */
export type VocabularyItem = Record<string, unknown> & { id: string };

const SORTED_BY_NAME: readonly VocabularyType[] = ['affiliations', 'names', 'funders'];

/** What a no-query search sorts by, per type (API.md §5.2). */
export function defaultSort(type: VocabularyType): 'title' | 'name' | 'subject' {
  if (SORTED_BY_NAME.includes(type)) return 'name';
  return type === 'subjects' ? 'subject' : 'title';
}
