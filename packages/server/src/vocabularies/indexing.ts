import type { VocabularyItem } from './types.ts';

/** Every string in a value, depth first (titles in all languages, identifiers...). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function englishTitle(item: VocabularyItem): string | undefined {
  const title = item.title as Record<string, string> | undefined;
  return title?.en ?? (title ? Object.values(title)[0] : undefined);
}

/** The row columns derived from an item: tags, the text searches match, the sort key. */
export function indexItem(item: VocabularyItem): {
  tags: string[];
  searchText: string;
  sortKey: string;
} {
  const searched = [
    item.id,
    item.name,
    item.acronym,
    item.subject,
    item.number,
    item.given_name,
    item.family_name,
    ...strings(item.title),
    ...strings(item.identifiers),
  ];
  const label = (item.name ?? item.subject ?? englishTitle(item) ?? item.id) as string;
  return {
    tags: Array.isArray(item.tags) ? (item.tags as string[]) : [],
    searchText: searched
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(' ')
      .toLowerCase(),
    sortKey: label.toLowerCase(),
  };
}
