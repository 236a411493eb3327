// The sections of the editor and which field paths each holds, so that the
// feedback banner can link to the sections with errors (SPEC §2, §8).

export const SECTIONS = [
  'files',
  'basic-information',
  'recommended-information',
  'custom-fields',
  'funding',
  'alternate-identifiers',
  'related-works',
  'references',
  'access',
] as const;

export type SectionId = (typeof SECTIONS)[number];

const METADATA_SECTIONS: Record<string, SectionId> = {
  resource_type: 'basic-information',
  title: 'basic-information',
  additional_titles: 'basic-information',
  publication_date: 'basic-information',
  creators: 'basic-information',
  description: 'basic-information',
  additional_descriptions: 'basic-information',
  rights: 'basic-information',
  contributors: 'recommended-information',
  subjects: 'recommended-information',
  languages: 'recommended-information',
  dates: 'recommended-information',
  version: 'recommended-information',
  publisher: 'recommended-information',
  funding: 'funding',
  identifiers: 'alternate-identifiers',
  related_identifiers: 'related-works',
  references: 'references',
};

/** The section holding a field path such as `metadata.creators.0.role`. */
export function sectionOf(field: string): SectionId {
  const [root, key = ''] = field.split('.');
  if (root === 'metadata') return METADATA_SECTIONS[key] ?? 'basic-information';
  if (root === 'access') return 'access';
  if (root === 'files') return 'files';
  if (root === 'custom_fields') return 'custom-fields';
  return 'basic-information'; // pids.doi sits at the top of the basic information.
}

/**
 * Whether the editor shows an error at this path next to a field. The others
 * (`metadata.locations`, `pids.oai`, `parent.…`) have no field and go to the banner.
 */
export function hasField(field: string): boolean {
  const [root, key = ''] = field.split('.');
  if (root === 'metadata') return Object.hasOwn(METADATA_SECTIONS, key);
  return FIELDS_OUTSIDE_METADATA.has(field);
}

const FIELDS_OUTSIDE_METADATA = new Set([
  'pids.doi',
  'files.enabled',
  'access.record',
  'access.embargo.until',
]);

/** Error counts per section, in the order the sections appear. */
export function countBySection(fields: readonly string[]): { section: SectionId; count: number }[] {
  const counts = new Map<SectionId, number>();
  for (const field of fields) {
    const section = sectionOf(field);
    counts.set(section, (counts.get(section) ?? 0) + 1);
  }
  return SECTIONS.filter((section) => counts.has(section)).map((section) => ({
    section,
    count: counts.get(section) ?? 0,
  }));
}

export const sectionAnchor = (section: SectionId) => `deposit-section-${section}`;
