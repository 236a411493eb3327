const isTextMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A {lang: text} map with `en` first: clients that read the first entry (as
 * InvenioRDM's English-first maps let them) get English. PostgreSQL's jsonb
 * keeps keys sorted by length and bytes, so the order is restored on the way out.
 */
export function englishFirst<T>(texts: T): T {
  if (!isTextMap(texts) || !('en' in texts)) return texts;
  const { en, ...others } = texts;
  return { en, ...others } as T;
}

/** An entry with its `title` and `description` maps English first. */
export function withEnglishFirst(entry: Record<string, unknown>): Record<string, unknown> {
  const result = { ...entry };
  if ('title' in result) result.title = englishFirst(result.title);
  if ('description' in result) result.description = englishFirst(result.description);
  return result;
}
