// The messages module alone: the package index would bring zod into the first load.
import { errorMessages, validationMessages } from '@arca/schema/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setRequestLanguage } from '../api/client.ts';
import { DEFAULT_LANGUAGE, pickLanguage } from './languages.ts';
import en from './locales/en.json';

type Catalogue = typeof en;

// English ships with the app; every other `locales/<lng>.json` becomes its own
// chunk, fetched the first time someone needs it. Adding a language means
// adding its file.
const lazyCatalogues = import.meta.glob<Catalogue>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

const catalogueLoaders = new Map(
  Object.entries(lazyCatalogues).map(([path, load]) => [
    path.replace(/^.*\/(.+)\.json$/, '$1'),
    load,
  ]),
);

export const supportedLanguages: readonly string[] = [DEFAULT_LANGUAGE, ...catalogueLoaders.keys()];

/** Sets up i18next with the English texts; call (and await) before the first render. */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: supportedLanguages,
    ns: ['translation', 'validation', 'errors'],
    defaultNS: 'translation',
    // Other languages are added by switchLanguage, not by a backend plugin.
    partialBundledLanguages: true,
    resources: {
      [DEFAULT_LANGUAGE]: {
        translation: en,
        validation: validationMessages,
        errors: errorMessages,
      },
    },
    interpolation: { escapeValue: false }, // React escapes.
  });
  await switchLanguage(pickLanguage(navigator.languages, supportedLanguages));
}

/** Loads a language's catalogue if needed, then shows the app in it. */
export async function switchLanguage(language: string): Promise<void> {
  const loadCatalogue = catalogueLoaders.get(language);
  if (loadCatalogue && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadCatalogue());
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  setRequestLanguage(language);
}
