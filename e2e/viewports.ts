/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The checks below run in the page, where the DOM is.
import type { Locator, Page } from 'playwright-core';

/** The two sizes every browser flow is checked at: a desktop and a phone. */
export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** The narrowest phone the app is made to work on. */
export const SMALL_PHONE = { width: 360, height: 740 } as const;

/**
 * What makes the page scroll sideways, or '' when nothing does: the document's
 * width and the outermost elements that reach past the window's right edge
 * (left edge, right to left), for a failure to name its culprits.
 */
export async function sidewaysScroll(page: Page): Promise<string> {
  // Layout after a resize settles in the next frame.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = window.innerWidth;
    if (root.scrollWidth <= width) return '';
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      // The elements that stick out of their parent, not the parents they widen.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && box.right <= parent.right + 0.5 && box.left >= parent.left - 0.5) continue;
      const classes = typeof element.className === 'string' ? element.className.trim() : '';
      const name = `${element.tagName.toLowerCase()}${classes ? `.${classes.split(/\s+/).join('.')}` : ''}`;
      const text = (element.textContent ?? '').slice(0, 60);
      culprits.push(`${name} (${Math.round(box.left)}..${Math.round(box.right)}): ${text}`);
      if (culprits.length >= 8) break;
    }
    return `document ${root.scrollWidth} px wide in a ${width} px window; ${culprits.join('; ')}`;
  });
}

/**
 * The elements inside `root` whose content is cut off (wider than their box, as
 * a truncated badge is) or that reach past the window's edges, by tag and text.
 */
export async function cutOff(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    for (const node of [element, ...element.querySelectorAll<HTMLElement>('*')]) {
      const box = node.getBoundingClientRect();
      const clipped = node.scrollWidth > node.clientWidth + 1;
      const outside = box.left < -0.5 || box.right > window.innerWidth + 0.5;
      if (clipped || outside) {
        found.push(
          `${node.tagName.toLowerCase()} (${Math.round(box.width)} px): ${node.textContent ?? ''}`,
        );
      }
    }
    return found;
  });
}
