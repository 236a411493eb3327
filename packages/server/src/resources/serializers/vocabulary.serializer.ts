import type { Links } from '../../http/links.ts';
import type { VocabularyRow } from '../../services/vocabularies.service.ts';
import { withEnglishFirst } from '../../vocabularies/english-first.ts';
import { isGenericType } from '../../vocabularies/types.ts';
import { isoDate } from './dates.ts';

export const UI_JSON = 'application/vnd.inveniordm.v1+json';

/** The URL of one entry: generic types live under /vocabularies/{type}. */
export function vocabularyItemUrl(links: Links, row: Pick<VocabularyRow, 'type' | 'id'>): string {
  const id = encodeURIComponent(row.id);
  return isGenericType(row.type)
    ? links.api(`/vocabularies/${row.type}/${id}`)
    : links.api(`/${row.type}/${id}`);
}

/** Plain JSON (API.md §5.2): the stored item plus bookkeeping and links. */
export function serializeVocabulary(row: VocabularyRow, links: Links): Record<string, unknown> {
  const generic = isGenericType(row.type);
  return {
    ...(generic ? { tags: [], props: {} } : {}),
    ...withEnglishFirst(row.data),
    ...(generic ? { type: row.type } : {}),
    created: isoDate(row.createdAt),
    updated: isoDate(row.updatedAt),
    revision_id: row.revisionId,
    links: { self: vocabularyItemUrl(links, row) },
  };
}

/**
 * The text from a {lang: text} map for the first accepted language it has
 * (exact tag, then its base language), else English.
 */
export function localise(texts: unknown, languages: readonly string[]): string | undefined {
  if (!texts || typeof texts !== 'object') return undefined;
  const map = texts as Record<string, string>;
  for (const tag of languages) {
    const text = map[tag] ?? map[tag.split('-')[0] ?? ''];
    if (text) return text;
  }
  return map.en ?? Object.values(map)[0];
}

/**
 * The UI form (`application/vnd.inveniordm.v1+json`): titles and descriptions
 * resolved to the caller's language. Types without titles keep the plain form;
 * subjects keep it too, with their title in the caller's language added.
 */
export function serializeVocabularyL10n(
  row: VocabularyRow,
  links: Links,
  languages: readonly string[],
): Record<string, unknown> {
  if (row.type === 'subjects') {
    const subject = row.data.subject;
    return {
      ...serializeVocabulary(row, links),
      title_l10n: localise(row.data.title, languages) ?? subject ?? row.id,
    };
  }
  if (!isGenericType(row.type)) return serializeVocabulary(row, links);
  const { title, description, icon, props, tags } = row.data;
  const item: Record<string, unknown> = {
    id: row.id,
    title_l10n: localise(title, languages) ?? row.id,
    props: props ?? {},
    tags: tags ?? [],
  };
  const text = localise(description, languages);
  if (text) item.description_l10n = text;
  if (icon) item.icon = icon;
  return item;
}
