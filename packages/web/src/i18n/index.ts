// The messages module alone: the package index would bring zod into the first load.
import { errorMessages, validationMessages } from '@arca/schema/messages';
import { LOCALES, textDirection } from '@arca/schema/locales';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/client.ts';
import { numberFormatter } from './format.ts';
import { DEFAULT_LANGUAGE, pickLanguage, storedLanguage } from './languages.ts';
import en from 'virtual:english/first';
import { englishAddedBeforeInit } from './english.ts';

/**
 * The languages the app can be shown in, in the order of the switcher: every
 * language Arca offers (the catalogue check in CI makes sure each has its files).
 */
export const supportedLanguages: readonly string[] = LOCALES;

/**
 * Sets up i18next, in the language chosen on this device before, else the
 * browser's, else English; call (and await) before the first render.
 */
export async function initI18n(): Promise<void> {
  await i18n
    .use(initReactI18next)
    .use(numberFormatter)
    .init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: supportedLanguages,
      ns: ['translation', 'validation', 'errors'],
      defaultNS: 'translation',
      // Other languages are added by switchLanguage, not by a backend plugin.
      partialBundledLanguages: true,
      resources: {
        [DEFAULT_LANGUAGE]: {
          translation: { ...en, ...englishAddedBeforeInit() },
          validation: validationMessages,
          errors: errorMessages,
        },
      },
      // React escapes; numbers are written per language (format.ts).
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
  const language = pickLanguage([storedLanguage(), ...navigator.languages], supportedLanguages);
  // A catalogue that cannot be fetched must not keep the app from starting: English shows.
  await switchLanguage(language).catch(() => switchLanguage(DEFAULT_LANGUAGE));
}

async function loadCatalogues(language: string): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, 'translation')) return;
  const { loadCatalogues: load } = await import('./catalogues.ts');
  const { translation, messages } = await load(language);
  if (translation) i18n.addResourceBundle(language, 'translation', translation);
  if (messages) {
    i18n.addResourceBundle(language, 'validation', messages.validation);
    i18n.addResourceBundle(language, 'errors', messages.errors);
  }
}

let latestSwitch = 0;

/**
 * Loads a language's catalogues if needed, then shows the app in it: texts,
 * `lang` and `dir` on <html> (Mantine's DirectionProvider follows `dir`) and
 * the Accept-Language of API calls. Components re-render in place; nothing
 * remounts, so forms keep what was typed. When switches overlap, the last one wins.
 */
export async function switchLanguage(language: string): Promise<void> {
  const current = ++latestSwitch;
  await loadCatalogues(language);
  if (current !== latestSwitch) return;
  setRequestLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  await i18n.changeLanguage(language);
}
