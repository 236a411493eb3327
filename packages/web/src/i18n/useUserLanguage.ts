import { useEffect } from 'react';
import { useCurrentUser } from '../api/auth.ts';
import { supportedLanguages, switchLanguage } from './index.ts';
import { pickLanguage } from './languages.ts';

/** Shows the app in the user's preferred language, else the browser's, else English. */
export function useUserLanguage(): void {
  const { data: user } = useCurrentUser();
  const preferred = user?.preferences?.locale;
  useEffect(() => {
    void switchLanguage(pickLanguage([preferred, ...navigator.languages], supportedLanguages));
  }, [preferred]);
}
