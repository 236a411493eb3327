import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { cssVariablesResolver } from './theme.ts';

const AA = 4.5;
const light: Record<string, string | undefined> = cssVariablesResolver(DEFAULT_THEME).light;
const colors = Object.keys(DEFAULT_THEME.colors).filter((name) => name !== 'dark');

function variable(name: string): string {
  const value = light[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

describe('the light scheme reads at WCAG AA', () => {
  it.each(colors)('%s: filled, text, outline and light variants', (color) => {
    const tint = DEFAULT_THEME.colors[color]![2];
    expect(contrastRatio('#ffffff', variable(`--mantine-color-${color}-filled`))).toBeGreaterThan(
      AA,
    );
    expect(
      contrastRatio('#ffffff', variable(`--mantine-color-${color}-filled-hover`)),
    ).toBeGreaterThan(AA);
    expect(contrastRatio(variable(`--mantine-color-${color}-text`), '#ffffff')).toBeGreaterThan(AA);
    expect(contrastRatio(variable(`--mantine-color-${color}-outline`), '#ffffff')).toBeGreaterThan(
      AA,
    );
    expect(contrastRatio(variable(`--mantine-color-${color}-light-color`), tint)).toBeGreaterThan(
      AA,
    );
  });

  it('dimmed text, errors and links', () => {
    for (const name of [
      '--mantine-color-dimmed',
      '--mantine-color-error',
      '--mantine-color-anchor',
    ]) {
      expect(contrastRatio(variable(name), '#ffffff'), name).toBeGreaterThan(AA);
      expect(contrastRatio(variable(name), DEFAULT_THEME.colors.gray[1]), name).toBeGreaterThan(AA);
    }
  });
});
