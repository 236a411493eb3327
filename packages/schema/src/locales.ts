// The languages Arca speaks (issue 9) and how a wanted language finds one of
// them. Shared by the server (Accept-Language, mail) and the web app.

/** Every language with catalogues, as BCP 47 tags; English is the source language. */
export const LOCALES = [
  'en',
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'et',
  'eu',
  'fa',
  'fi',
  'fr',
  'ga',
  'gl',
  'he',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'zh-Hans',
  'zh-Hant',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE = 'en';

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'fa', 'he']);

/** The writing direction of a language: right-to-left for Arabic, Persian and Hebrew. */
export function textDirection(locale: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(locale.split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

// Languages whose readers read one we have: Norwegian (and Nynorsk) readers read Bokmål.
const READ_AS: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/**
 * The tags that may stand for a wanted language, most specific first:
 * itself, its language with the script it is written in (zh-TW → zh-Hant,
 * zh-CN and plain zh → zh-Hans), its language with its region (pt-BR), then
 * the language alone (pt-PT → pt, de-CH → de). Deprecated codes are
 * canonicalised (iw → he).
 */
export function localeCandidates(tag: string): string[] {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return [];
  }
  const { language, region } = locale;
  // Only the script is taken from the likely subtags: maximize() would also
  // turn plain "pt" into pt-BR.
  const script = locale.script ?? locale.maximize().script;
  const candidates = [
    locale.baseName,
    ...(script ? [`${language}-${script}`] : []),
    ...(region ? [`${language}-${region}`] : []),
    language,
    ...(READ_AS[language] ? [READ_AS[language]] : []),
  ];
  return [...new Set(candidates)];
}

/**
 * The first wanted language one of `supported` stands for (in the order
 * wanted), or undefined when none does. Matching ignores case.
 */
export function matchLocale(
  wanted: readonly (string | null | undefined)[],
  supported: readonly string[],
): string | undefined {
  const byLowerCase = new Map(supported.map((tag) => [tag.toLowerCase(), tag]));
  for (const tag of wanted) {
    if (!tag) continue;
    for (const candidate of localeCandidates(tag)) {
      const match = byLowerCase.get(candidate.toLowerCase());
      if (match) return match;
    }
  }
  return undefined;
}
