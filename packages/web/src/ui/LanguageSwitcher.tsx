import { Button, Menu, VisuallyHidden } from '@mantine/core';
import type { Locale } from '@arca/schema/locales';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/auth.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { supportedLanguages, switchLanguage } from '../i18n/index.ts';
import { LANGUAGE_NAMES, storeLanguage } from '../i18n/languages.ts';

const nameOf = (language: string) => LANGUAGE_NAMES[language as Locale] ?? language;

/**
 * The header's language menu: every language by its own name. The choice is
 * kept on this device and, for a logged-in user, in the account's
 * preferences. Switching re-renders in place, so unsaved form values stay.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const updateProfile = useUpdateProfile();
  const current = i18n.language;

  const choose = async (language: string) => {
    storeLanguage(language);
    await switchLanguage(language);
    if (user) updateProfile.mutate({ preferences: { locale: language as Locale } });
  };

  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="subtle" title={t('header.language')}>
          <VisuallyHidden>{t('header.language')}</VisuallyHidden>
          <span lang={current}>{nameOf(current)}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            fw={language === current ? 700 : undefined}
            onClick={() => void choose(language)}
          >
            {nameOf(language)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
