import i18n from 'i18next';
import { DEFAULT_LANGUAGE } from './languages.ts';

const beforeInit: Record<string, unknown> = {};

/** Adds sections to the English catalogue (kept until i18next starts, if it has not yet). */
export function addEnglish(sections: Record<string, unknown>): void {
  if (i18n.isInitialized) {
    i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', sections, true, false);
  } else {
    Object.assign(beforeInit, sections);
  }
}

/** The sections added before i18next started, for its first resources. */
export function englishAddedBeforeInit(): Record<string, unknown> {
  return beforeInit;
}
