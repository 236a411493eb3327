import type { errorMessages, validationMessages } from '@arca/schema/messages';
import type en from './locales/en.json';

// Every language but English as chunks of its own: the web texts here, the
// validation and error messages in the schema package (shared with the
// server). This module is itself loaded only when a language other than
// English is first needed, so that the map of ~80 chunks costs English
// readers nothing. Adding a language means adding its files.

export interface Catalogues {
  translation?: typeof en;
  messages?: { validation: typeof validationMessages; errors: typeof errorMessages };
}

const byLocale = <T>(loaders: Record<string, () => Promise<T>>) =>
  new Map(
    Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), load]),
  );

const web = byLocale(
  import.meta.glob<{ default: typeof en }>(['./locales/*.json', '!./locales/en.json']),
);
const messages = byLocale(
  import.meta.glob<{ default: NonNullable<Catalogues['messages']> }>(
    '../../../schema/src/locales/*.json',
  ),
);

/** A language's catalogues; what it has none of is left out (English shows instead). */
export async function loadCatalogues(language: string): Promise<Catalogues> {
  const [translation, validationAndErrors] = await Promise.all([
    web.get(language)?.(),
    messages.get(language)?.(),
  ]);
  return { translation: translation?.default, messages: validationAndErrors?.default };
}
