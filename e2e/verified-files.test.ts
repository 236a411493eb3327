import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillRequired, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

const MiB = 1024 * 1024;
const hex = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** The bodies of the commits the page sends. */
function commitBodies(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/commit$/.test(new URL(request.url()).pathname)) {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

describe('files verified end to end in the browser', () => {
  // The phone sends one part, the desktop a file over 5 MiB in parts.
  for (const [name, viewport, size] of [
    ['desktop', DESKTOP, 6 * MiB + 123],
    ['phone', PHONE, 70_000],
  ] as const) {
    it(`hashes the file in the browser and shows it verified on the record page (${name})`, async () => {
      const page = await loggedInPage(e2e.browser, e2e.server.url);
      await page.setViewportSize(viewport);
      const bodies = commitBodies(page);
      const bytes = randomBytes(size);
      await page.goto(`${e2e.server.url}/uploads/new`);
      await fillRequired(page, `A verified file (${name})`);
      await page
        .getByLabel('Choose files')
        .setInputFiles([
          { name: 'sample.bin', mimeType: 'application/octet-stream', buffer: bytes },
        ]);
      await page
        .getByTestId('deposit-file')
        .filter({ hasText: 'sample.bin' })
        .filter({ hasText: 'Uploaded' })
        .waitFor({ timeout: 60_000 });
      expect(bodies).toEqual([{ checksum: `sha256:${hex('sha256', bytes)}` }]);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
      await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
      const files = page.locator('main');
      await files.getByText('Verified', { exact: true }).waitFor();
      await files.getByText(`md5:${hex('md5', bytes)}`).waitFor();
      await files.getByText(`sha256:${hex('sha256', bytes)}`).waitFor();
      const manifest = page.getByRole('link', { name: 'Checksums (SHA-256)' });
      const response = await page.request.get(
        new URL((await manifest.getAttribute('href'))!, e2e.server.url).href,
      );
      expect(await response.text()).toBe(`${hex('sha256', bytes)}  sample.bin\n`);
      expect(await sidewaysScroll(page)).toBe('');
      await page.context().close();
    });
  }
});
