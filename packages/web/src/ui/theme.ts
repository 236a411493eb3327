import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableOn } from './contrast.ts';

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
        Drawer: { defaultProps: { closeButtonProps: close } },
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

const WHITE = '#ffffff';

/**
 * Colours that read (WCAG 2.1 AA, 4.5:1) in the light scheme. Mantine's
 * defaults do not: dimmed text (gray 6) is 3.3:1 on white, links and filled
 * buttons (blue 6) 3.6:1, error text (red 6) 3.3:1, light badges and alerts
 * (shade 9 on shade 1) as low as 2.7:1. Each is darkened just enough, so that
 * the palette keeps its look: text against the tint of light variants (shade
 * 2, which is also their hover), filled backgrounds against their white text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const shade =
    typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === 'dark' || !palette) continue;
    const tint = palette[2];
    const text = readableOn(palette[shade], tint);
    const filled = readableOn(palette[shade], WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    // Mantine's hover is the next shade, which may be lighter than the darkened fill.
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(palette[9], tint);
  }
  const { gray, red } = theme.colors;
  const primary = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  light['--mantine-color-dimmed'] = readableOn(gray[6], gray[1]);
  light['--mantine-color-error'] = readableOn(red[shade], red[2]);
  light['--mantine-color-anchor'] = readableOn(primary[shade], primary[2]);
  return { variables: {}, light, dark: {} };
};
