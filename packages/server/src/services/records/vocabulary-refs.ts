import type { VocabularyType } from '../../vocabularies/types.ts';
import { withEnglishFirst } from '../../vocabularies/english-first.ts';

/** A reference from a record to a vocabulary entry: `{id: ...}` at `path`. */
export interface VocabularyRef {
  type: VocabularyType;
  path: string;
  id: string;
  /** The object holding the id, to enrich in place when reading. */
  holder: Record<string, unknown>;
}

// Where the metadata refers to vocabularies: path patterns (`*` = every list item).
const REFERENCES: [VocabularyType, string][] = [
  ['resourcetypes', 'resource_type'],
  ['resourcetypes', 'related_identifiers.*.resource_type'],
  ['languages', 'languages.*'],
  ['languages', 'additional_titles.*.lang'],
  ['languages', 'additional_descriptions.*.lang'],
  ['titletypes', 'additional_titles.*.type'],
  ['descriptiontypes', 'additional_descriptions.*.type'],
  ['datetypes', 'dates.*.type'],
  ['relationtypes', 'related_identifiers.*.relation_type'],
  ['creatorsroles', 'creators.*.role'],
  ['contributorsroles', 'contributors.*.role'],
  ['affiliations', 'creators.*.affiliations.*'],
  ['affiliations', 'contributors.*.affiliations.*'],
  ['licenses', 'rights.*'],
  ['funders', 'funding.*.funder'],
  ['awards', 'funding.*.award'],
  ['subjects', 'subjects.*'],
];

// Split once: a save walks these patterns several times.
const PATTERNS = REFERENCES.map(([type, pattern]) => ({ type, steps: pattern.split('.') }));

function visit(
  value: unknown,
  steps: string[],
  at: number,
  path: string,
  found: (holder: Record<string, unknown>, path: string) => void,
): void {
  if (typeof value !== 'object' || value === null) return;
  if (at === steps.length) {
    if (!Array.isArray(value)) found(value as Record<string, unknown>, path);
    return;
  }
  const step = steps[at]!;
  if (step === '*') {
    if (!Array.isArray(value)) return;
    for (let i = 0; i < value.length; i++) visit(value[i], steps, at + 1, `${path}.${i}`, found);
  } else {
    visit((value as Record<string, unknown>)[step], steps, at + 1, `${path}.${step}`, found);
  }
}

/** Every vocabulary reference with an id in a record's metadata (custom entries have none). */
export function vocabularyRefs(metadata: Record<string, unknown>): VocabularyRef[] {
  const refs: VocabularyRef[] = [];
  for (const { type, steps } of PATTERNS) {
    visit(metadata, steps, 0, 'metadata', (holder, path) => {
      if (typeof holder.id === 'string' && holder.id)
        refs.push({ type, path, id: holder.id, holder });
    });
  }
  return refs;
}

/** What a stored reference keeps: the id alone, the rest is read from the vocabulary. */
export function reduceRefsToIds(metadata: Record<string, unknown>): void {
  for (const ref of vocabularyRefs(metadata)) {
    for (const key of Object.keys(ref.holder)) if (key !== 'id') delete ref.holder[key];
  }
}

// What a record shows next to a reference's id; every other type shows its title.
const SHOWN_FIELDS: Partial<Record<VocabularyType, string[]>> = {
  affiliations: ['name'],
  funders: ['name'],
  names: ['name'],
  awards: ['number', 'title', 'acronym', 'program', 'identifiers'],
  // The title map holds the subject's name in every language (vocabularies/titles.ts).
  subjects: ['subject', 'scheme', 'title'],
  licenses: ['title', 'description', 'icon', 'props'],
};

/** The fields of a vocabulary entry that a record shows next to the id. */
export function enrichment(
  type: VocabularyType,
  entry: Record<string, unknown>,
): Record<string, unknown> {
  const keys = SHOWN_FIELDS[type] ?? ['title'];
  return withEnglishFirst(
    Object.fromEntries(
      keys.filter((key) => entry[key] !== undefined).map((key) => [key, entry[key]]),
    ),
  );
}
