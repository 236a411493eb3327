import type AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { wcagScan } from './axe-builder.ts';
import { DESKTOP, PHONE } from './viewports.ts';

const FAILING = new Set(['serious', 'critical']);
type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

type Size = { readonly width: number; readonly height: number };

/**
 * The scans of one test, reported together: a failure lists every serious or
 * critical violation of every page and dialog it scanned, not only the first.
 * Each scan runs at the desktop size and again at the phone size, on the same
 * page in the same state (resized, not loaded again), then back to desktop.
 */
export class Audit {
  private readonly found: string[] = [];

  /** Scans the page, or only `scope` (a dialog) when given, at both sizes. */
  async scan(page: Page, label: string, scope?: Locator): Promise<void> {
    await this.scanAt(page, DESKTOP, label, scope);
    await page.setViewportSize(PHONE);
    await this.scanAt(page, PHONE, label, scope);
    await page.setViewportSize(DESKTOP);
  }

  /** Scans at the size the page has now, `size`. */
  async scanAt(page: Page, size: Size, label: string, scope?: Locator): Promise<void> {
    // Mantine's transitions end before the scan: half-faded text has no fixed contrast.
    await page.waitForTimeout(250);
    let builder = wcagScan(page);
    if (scope) {
      await scope.evaluate((element) => element.setAttribute('data-axe-scope', ''));
      builder = builder.include('[data-axe-scope]');
    }
    const results = await builder.analyze();
    if (scope) await scope.evaluate((element) => element.removeAttribute('data-axe-scope'));
    for (const violation of results.violations) {
      if (!FAILING.has(violation.impact ?? '')) continue;
      const targets = violation.nodes.map((node) => `  ${node.target.join(' ')}${detail(node)}`);
      this.found.push(
        `${label} at ${size.width}x${size.height}: [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`,
      );
    }
  }

  /** Scans the dialog named `name`, the last one opened with that name. */
  async scanDialog(page: Page, name: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name, exact: true }).last();
    await dialog.waitFor();
    await this.scan(page, `dialog "${name}"`, dialog);
    return dialog;
  }

  /**
   * Scans the dialog named `name` at each size, opened afresh by `open` at
   * that size: the editor's actions are other buttons on a phone (its action
   * bar), and a dialog they opened does not outlive a resize. `more` goes on
   * in the open dialog before it is closed (e.g. to scan its errors).
   */
  async scanDialogAtEachSize(
    page: Page,
    name: string,
    open: () => Promise<void>,
    more?: (dialog: Locator, size: Size) => Promise<void>,
  ): Promise<void> {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await open();
      const dialog = page.getByRole('dialog', { name, exact: true }).last();
      await dialog.waitFor();
      await this.scanAt(page, size, `dialog "${name}"`, dialog);
      await more?.(dialog, size);
      await closeDialog(page, dialog);
    }
    await page.setViewportSize(DESKTOP);
  }

  check(): void {
    expect(this.found, `Accessibility violations:\n${this.found.join('\n')}`).toHaveLength(0);
  }
}

/** What axe measured, for the rules that say it (the colours of a contrast failure). */
function detail(node: NodeResult): string {
  const data = node.any[0]?.data as
    { contrastRatio?: number; fgColor?: string; bgColor?: string } | undefined;
  return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
}

/** Closes a dialog with Escape, as a keyboard user does. */
export async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  // An open suggestion list takes the first Escape, as a combobox should.
  if (await dialog.getByRole('combobox', { expanded: true }).count()) {
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}
