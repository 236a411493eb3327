import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/auth.ts';
import { supportedLanguages, switchLanguage } from './index.ts';
import { pickLanguage, storedLanguage, storeLanguage } from './languages.ts';

// Queries whose answers the server words in the request's language (vocabulary
// titles, a record's `ui` block): they are fetched again after a switch.
const LOCALISED_QUERIES: ReadonlySet<unknown> = new Set([
  'resource-types',
  'vocabulary',
  'vocabulary-suggestions',
  'licenses',
  'subjects',
  'record',
  'record-search',
  'my-uploads',
]);

/**
 * Shows the app in the user's preferred language once it is known (the start
 * used this device's last choice, else the browser's languages, else English),
 * and refreshes what the server localised when the language changes.
 */
export function useUserLanguage(): void {
  const { data: user } = useCurrentUser();
  const preferred = user?.preferences?.locale;
  useEffect(() => {
    if (!preferred) return;
    const language = pickLanguage(
      [preferred, storedLanguage(), ...navigator.languages],
      supportedLanguages,
    );
    storeLanguage(language);
    void switchLanguage(language);
  }, [preferred]);

  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({
        // A failed query shows the server's message: asked again, it comes in the new language.
        predicate: (query) =>
          LOCALISED_QUERIES.has(query.queryKey[0]) || query.state.status === 'error',
      });
    i18n.on('languageChanged', refresh);
    return () => i18n.off('languageChanged', refresh);
  }, [i18n, queryClient]);
}
