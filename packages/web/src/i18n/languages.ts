export const DEFAULT_LANGUAGE = 'en';

/**
 * The first wanted language we have a catalogue for, matching a region
 * variant to its base language ("de-CH" → "de"); English when none matches.
 */
export function pickLanguage(
  wanted: readonly (string | null | undefined)[],
  supported: readonly string[],
): string {
  for (const tag of wanted) {
    if (!tag) continue;
    if (supported.includes(tag)) return tag;
    const base = tag.split('-')[0] ?? '';
    if (supported.includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
