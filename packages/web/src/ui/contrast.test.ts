import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn, TEXT_CONTRAST } from './contrast.ts';

describe('contrast', () => {
  it('measures the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's gray 6, its default dimmed text, on white.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour just enough to read against a background', () => {
    const dimmed = readableOn('#868e96', '#ffffff');
    expect(contrastRatio(dimmed, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Still a grey, not black.
    expect(contrastRatio(dimmed, '#ffffff')).toBeLessThan(7);
    // White text on Mantine's green 6.
    const green = readableOn('#40c057', '#ffffff');
    expect(contrastRatio('#ffffff', green)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#212529', '#ffffff')).toBe('#212529');
  });
});
