import i18next, { type TFunction } from 'i18next';
import { errorMessages, validationMessages } from '@arca/schema';
import { mailMessages } from './mail/messages.ts';

/**
 * Server-side texts a person reads (errors, validation messages). Each
 * request gets a `t` in the language of its Accept-Language header.
 */
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['errors', 'validation', 'mail'],
  defaultNS: 'errors',
  resources: {
    en: { errors: errorMessages, validation: validationMessages, mail: mailMessages },
  },
  interpolation: { escapeValue: false },
});

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

/** The best language of the server's catalogues for the caller's preferences. */
export function pickLanguage(accepted: string[]): string {
  const supported = Object.keys(i18n.services.resourceStore.data);
  for (const tag of accepted) {
    if (supported.includes(tag)) return tag;
    const base = tag.split('-')[0] ?? '';
    if (supported.includes(base)) return base;
  }
  return 'en';
}

export function translator(language: string): Translate {
  return i18n.getFixedT(language, ['errors', 'validation']);
}

export type MailTranslate = TFunction<'mail'>;

/** Texts of notification mail, in the recipient's language. */
export function mailTranslator(language: string): MailTranslate {
  return i18n.getFixedT(pickLanguage([language]), 'mail');
}
