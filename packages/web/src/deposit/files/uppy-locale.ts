import type { UppyOptions } from '@uppy/core';

export type UppyLocale = NonNullable<
  UppyOptions<Record<string, never>, Record<string, never>>['locale']
>;

type Loader = () => Promise<{ default: UppyLocale }>;

const ENGLISH: Loader = () => import('@uppy/locales/lib/en_US.js');

// Uppy's language packs by our language tags; each is a chunk of its own,
// loaded with the uploader. Languages Uppy has no pack for (et, eu, ga, lt,
// lv, sl) get en_US, as SPEC §8 says.
const PACKS: Readonly<Record<string, Loader>> = {
  en: ENGLISH,
  ar: () => import('@uppy/locales/lib/ar_SA.js'),
  bg: () => import('@uppy/locales/lib/bg_BG.js'),
  ca: () => import('@uppy/locales/lib/ca_ES.js'),
  cs: () => import('@uppy/locales/lib/cs_CZ.js'),
  da: () => import('@uppy/locales/lib/da_DK.js'),
  de: () => import('@uppy/locales/lib/de_DE.js'),
  el: () => import('@uppy/locales/lib/el_GR.js'),
  es: () => import('@uppy/locales/lib/es_ES.js'),
  fa: () => import('@uppy/locales/lib/fa_IR.js'),
  fi: () => import('@uppy/locales/lib/fi_FI.js'),
  fr: () => import('@uppy/locales/lib/fr_FR.js'),
  gl: () => import('@uppy/locales/lib/gl_ES.js'),
  he: () => import('@uppy/locales/lib/he_IL.js'),
  hr: () => import('@uppy/locales/lib/hr_HR.js'),
  hu: () => import('@uppy/locales/lib/hu_HU.js'),
  id: () => import('@uppy/locales/lib/id_ID.js'),
  it: () => import('@uppy/locales/lib/it_IT.js'),
  ja: () => import('@uppy/locales/lib/ja_JP.js'),
  ko: () => import('@uppy/locales/lib/ko_KR.js'),
  nb: () => import('@uppy/locales/lib/nb_NO.js'),
  nl: () => import('@uppy/locales/lib/nl_NL.js'),
  pl: () => import('@uppy/locales/lib/pl_PL.js'),
  pt: () => import('@uppy/locales/lib/pt_PT.js'),
  'pt-BR': () => import('@uppy/locales/lib/pt_BR.js'),
  ro: () => import('@uppy/locales/lib/ro_RO.js'),
  ru: () => import('@uppy/locales/lib/ru_RU.js'),
  sk: () => import('@uppy/locales/lib/sk_SK.js'),
  sr: () => import('@uppy/locales/lib/sr_RS_Cyrillic.js'),
  sv: () => import('@uppy/locales/lib/sv_SE.js'),
  tr: () => import('@uppy/locales/lib/tr_TR.js'),
  uk: () => import('@uppy/locales/lib/uk_UA.js'),
  'zh-Hans': () => import('@uppy/locales/lib/zh_CN.js'),
  'zh-Hant': () => import('@uppy/locales/lib/zh_TW.js'),
};

/** Whether Uppy has its own texts in a language (else it speaks en_US). */
export function hasUppyLocale(language: string): boolean {
  return Object.hasOwn(PACKS, language);
}

/** Uppy's texts in the UI language, falling back to en_US. */
export async function loadUppyLocale(language: string): Promise<UppyLocale> {
  const load = PACKS[language] ?? ENGLISH;
  return (await load()).default;
}
