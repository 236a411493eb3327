import { existsSync, readdirSync, readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import {
  DEFAULT_LOCALE,
  errorMessages,
  localeCandidates,
  matchLocale,
  validationMessages,
} from '@arca/schema';
import { mailMessages } from './mail/messages.ts';

/**
 * Server-side texts a person reads (errors, validation messages, mail). The
 * English texts are the TypeScript catalogues; every other language is a
 * JSON file per locale, all read once at startup. Each request gets a `t` in
 * the language of its Accept-Language header.
 */

// One JSON file per locale: `<tag>.json`.
function readCatalogues(folder: URL): Map<string, Record<string, unknown>> {
  const catalogues = new Map<string, Record<string, unknown>>();
  if (!existsSync(folder)) return catalogues;
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.json')) continue;
    const text = readFileSync(new URL(file, folder), 'utf8');
    catalogues.set(file.slice(0, -'.json'.length), JSON.parse(text) as Record<string, unknown>);
  }
  return catalogues;
}

/** Where the validation and error catalogues of the schema package live (a workspace beside this one). */
export const messagesFolder = new URL('../../schema/src/locales/', import.meta.url);
/** Where the mail catalogues live. */
export const mailFolder = new URL('./mail/locales/', import.meta.url);

const messages = readCatalogues(messagesFolder);
const mails = readCatalogues(mailFolder);

const resources: Record<string, Record<string, Record<string, unknown>>> = {
  [DEFAULT_LOCALE]: { errors: errorMessages, validation: validationMessages, mail: mailMessages },
};
for (const [locale, catalogue] of messages) {
  resources[locale] = {
    ...resources[locale],
    errors: catalogue.errors as Record<string, unknown>,
    validation: catalogue.validation as Record<string, unknown>,
  };
}
for (const [locale, catalogue] of mails)
  resources[locale] = { ...resources[locale], mail: catalogue };

const i18n = i18next.createInstance();
await i18n.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: ['errors', 'validation', 'mail'],
  defaultNS: 'errors',
  resources,
  interpolation: { escapeValue: false },
});

/** The languages the server has texts in: English and every catalogue found. */
export const serverLocales: readonly string[] = Object.keys(resources);

export type Translate = TFunction<['errors', 'validation']>;

/** The language tags of an Accept-Language header, most wanted first. */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/**
 * The tags a caller's languages may be found under, most wanted first: each
 * accepted tag followed by the tags standing for it (zh-TW → zh-Hant,
 * pt-PT → pt; see `localeCandidates`). Localised titles are looked up in it.
 */
export function languageCandidates(accepted: readonly string[]): string[] {
  return [...new Set(accepted.flatMap(localeCandidates))];
}

/** The best language of the server's catalogues for the caller's preferences. */
export function pickLanguage(accepted: readonly string[]): string {
  return matchLocale(accepted, serverLocales) ?? DEFAULT_LOCALE;
}

const translators = new Map<string, Translate>();

/** The translator of a language, made once: every request asks for one. */
export function translator(language: string): Translate {
  let t = translators.get(language);
  if (!t) {
    t = i18n.getFixedT(language, ['errors', 'validation']);
    translators.set(language, t);
  }
  return t;
}

export type MailTranslate = TFunction<'mail'>;

/** Texts of notification mail, in the recipient's language. */
export function mailTranslator(language: string): MailTranslate {
  return i18n.getFixedT(pickLanguage([language]), 'mail');
}
