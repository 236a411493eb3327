import { darken, luminance } from '@mantine/core';

/** WCAG 2.1 AA for text (1.4.3), with a little room for rounding in browsers and checkers. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * `color`, darkened in small steps until it reads against `background` at
 * `ratio`: as text on that background, or as the background of white text.
 * A colour that already reads is returned unchanged.
 */
export function readableOn(color: string, background: string, ratio = TEXT_CONTRAST): string {
  let result = color;
  for (let step = 1; contrastRatio(result, background) < ratio && step <= 20; step += 1) {
    result = darken(color, step * 0.05);
  }
  return result;
}
