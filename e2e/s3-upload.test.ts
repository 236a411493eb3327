import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startS3Server } from '../packages/server/test/s3-server.ts';
import { axeViolations } from './axe-check.ts';
import { fillRequired, loggedInPage } from './deposit.helpers.ts';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

// A multipart upload from the browser straight to S3 (issue 26): each part
// goes with its SHA-256, signed into its URL, and S3 refuses a part whose
// bytes changed on the way; the browser sends it again and the file is verified.

const MiB = 1024 * 1024;
const hex = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  s3 = await startS3Server({ cors: true });
  server = await startE2EServer({ env: s3.env });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await s3?.close();
});

describe('uploading to S3 storage in the browser', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`sends each part with its SHA-256; S3 refuses a part corrupted on the way, sent again it completes verified (${name})`, async () => {
      const page = await loggedInPage(browser, server.url);
      await page.setViewportSize(viewport);
      const bytes = randomBytes(11 * MiB + 77);
      const sent: { part: string; status: number; checksum: string | undefined }[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (request.method() !== 'PUT' || !url.href.startsWith(s3.endpoint)) return;
        void request.response().then((response) =>
          sent.push({
            part: url.searchParams.get('partNumber') ?? '',
            status: response?.status() ?? 0,
            checksum: request.headers()['x-amz-checksum-sha256'],
          }),
        );
      });
      // The first send of part 2 loses a bit on the way to S3.
      let corrupted = false;
      await page.route(
        (url) => url.href.startsWith(s3.endpoint) && url.searchParams.get('partNumber') === '2',
        async (route) => {
          const body = route.request().postDataBuffer();
          if (corrupted || route.request().method() !== 'PUT' || !body) return route.continue();
          corrupted = true;
          const changed = Buffer.from(body);
          changed[1000] = changed[1000]! ^ 0x04;
          return route.continue({ postData: changed });
        },
      );
      await page.goto(`${server.url}/uploads/new`);
      await fillRequired(page, `Straight to S3 (${name})`);
      await page
        .getByLabel('Choose files')
        .setInputFiles([
          { name: 'bucket.bin', mimeType: 'application/octet-stream', buffer: bytes },
        ]);
      await page
        .getByTestId('deposit-file')
        .filter({ hasText: 'bucket.bin' })
        .filter({ hasText: 'Uploaded' })
        .waitFor({ timeout: 90_000 });

      const partSha256 = (n: number) =>
        createHash('sha256')
          .update(bytes.subarray((n - 1) * 5 * MiB, n * 5 * MiB))
          .digest('base64');
      await expect.poll(() => sent.length).toBe(4);
      expect(sent.sort((a, b) => a.part.localeCompare(b.part) || b.status - a.status)).toEqual([
        { part: '1', status: 200, checksum: partSha256(1) },
        { part: '2', status: 400, checksum: partSha256(2) },
        { part: '2', status: 200, checksum: partSha256(2) },
        { part: '3', status: 200, checksum: partSha256(3) },
      ]);
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';
      const item = (await (
        await page.request.get(`${server.url}/api/records/${id}/draft/files/bucket.bin`)
      ).json()) as { status: string; checksums: string[]; verified: boolean };
      expect(item).toMatchObject({
        status: 'completed',
        checksums: [`md5:${hex('md5', bytes)}`, `sha256:${hex('sha256', bytes)}`],
        verified: true,
      });
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysScroll(page)).toBe('');
      await page.context().close();
    });
  }
});
