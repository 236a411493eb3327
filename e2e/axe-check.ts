import type { Page } from 'playwright-core';
import { wcagScan } from './axe-builder.ts';

/** The serious and critical WCAG 2.1 AA violations on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Mantine's transitions end before the scan: half-faded text has no fixed contrast.
  await page.waitForTimeout(250);
  const results = await wcagScan(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
