import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// WCAG 2.1 AA, as axe-core tags its rules.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The minified build: the default source is the 1.5 MB unminified one, evaluated on every scan.
const AXE_MIN = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * An axe scan of the page for the WCAG 2.1 AA rules. Legacy mode runs axe once in
 * the page instead of once per frame and again in a new blank page to join the
 * results: the same rules and findings on the page in half the time, which the many
 * scans of the browser tests add up to minutes of. It does not look into frames; the
 * app's only one is a PDF preview, the browser's own viewer.
 */
export const wcagScan = (page: Page): AxeBuilder =>
  new AxeBuilder({ page, axeSource: AXE_MIN }).withTags(TAGS).setLegacyMode(true);
