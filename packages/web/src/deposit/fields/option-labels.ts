import type { VocabularyOption } from '../../api/vocabularies.ts';

/**
 * Select options of a vocabulary. Entries whose titles repeat (the resource
 * types' three "Other") are named with their parent type ("Image: Other"),
 * which resource types give as `props.type`.
 */
export function optionLabels(
  items: readonly VocabularyOption[],
  withParent: (parent: string, title: string) => string,
): { value: string; label: string }[] {
  const titles = new Map(items.map((item) => [item.id, item.title_l10n]));
  const uses = new Map<string, number>();
  for (const item of items) uses.set(item.title_l10n, (uses.get(item.title_l10n) ?? 0) + 1);
  return items.map((item) => {
    const parentId = item.props?.type;
    const parent = parentId && parentId !== item.id ? titles.get(parentId) : undefined;
    const repeated = (uses.get(item.title_l10n) ?? 0) > 1;
    return {
      value: item.id,
      label: repeated && parent ? withParent(parent, item.title_l10n) : item.title_l10n,
    };
  });
}
