import type { Locale } from './locales.ts';

/**
 * The CSL locale a citation is rendered with for each language Arca speaks. Irish and
 * Galician have no CSL locale file: their citations use American English terms.
 */
export const CITATION_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  ar: 'ar',
  bg: 'bg-BG',
  ca: 'ca-AD',
  cs: 'cs-CZ',
  da: 'da-DK',
  de: 'de-DE',
  el: 'el-GR',
  es: 'es-ES',
  et: 'et-EE',
  eu: 'eu',
  fa: 'fa-IR',
  fi: 'fi-FI',
  fr: 'fr-FR',
  ga: 'en-US',
  gl: 'en-US',
  he: 'he-IL',
  hr: 'hr-HR',
  hu: 'hu-HU',
  id: 'id-ID',
  it: 'it-IT',
  ja: 'ja-JP',
  ko: 'ko-KR',
  lt: 'lt-LT',
  lv: 'lv-LV',
  nb: 'nb-NO',
  nl: 'nl-NL',
  pl: 'pl-PL',
  pt: 'pt-PT',
  'pt-BR': 'pt-BR',
  ro: 'ro-RO',
  ru: 'ru-RU',
  sk: 'sk-SK',
  sl: 'sl-SI',
  sr: 'sr-RS',
  sv: 'sv-SE',
  tr: 'tr-TR',
  uk: 'uk-UA',
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
};

/** The style a citation takes when the caller names none (InvenioRDM's default). */
export const DEFAULT_CITATION_STYLE = 'apa';
