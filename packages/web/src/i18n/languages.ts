import { DEFAULT_LOCALE, matchLocale, type Locale } from '@arca/schema/locales';

export const DEFAULT_LANGUAGE = DEFAULT_LOCALE;

/**
 * Each language's name in itself, as the language switcher lists them:
 * whoever reads one finds it whatever the page is shown in.
 */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ar: 'العربية',
  bg: 'Български',
  ca: 'Català',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  es: 'Español',
  et: 'Eesti',
  eu: 'Euskara',
  fa: 'فارسی',
  fi: 'Suomi',
  fr: 'Français',
  ga: 'Gaeilge',
  gl: 'Galego',
  he: 'עברית',
  hr: 'Hrvatski',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português (Portugal)',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  sr: 'Српски',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
};

/**
 * The first wanted language we have a catalogue for, matching a region or
 * script variant to ours ("de-CH" → "de", "zh-TW" → "zh-Hant"); English when
 * none matches.
 */
export function pickLanguage(
  wanted: readonly (string | null | undefined)[],
  supported: readonly string[],
): string {
  return matchLocale(wanted, supported) ?? DEFAULT_LANGUAGE;
}

const STORAGE_KEY = 'arca.language';

/** The language last chosen on this device (also kept for visitors who are not logged in). */
export function storedLanguage(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // Storage switched off: the browser's languages decide.
  }
}

export function storeLanguage(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage switched off: the choice lasts for this page.
  }
}
