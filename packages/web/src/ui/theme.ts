import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Mantine theme, with the labels Mantine would otherwise give its icon
 * buttons in English routed through i18n. Rebuilt when the language changes.
 * Plain objects rather than `Modal.extend(...)`, which would pull those
 * components into the first load. The toggle's label leaves out the word
 * "password", so that the field's own label stays the only match for it.
 */
export function useAppTheme(): MantineThemeOverride {
  const { t } = useTranslation();
  return useMemo(() => {
    const close = { 'aria-label': t('common.close') };
    return createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: close } },
        Notification: { defaultProps: { closeButtonProps: close } },
        PasswordInput: {
          defaultProps: {
            visibilityToggleButtonProps: { 'aria-label': t('common.toggleVisibility') },
          },
        },
      },
    });
  }, [t]);
}
