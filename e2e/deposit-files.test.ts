import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';
import { fillRequired, loggedInPage } from './deposit.helpers.ts';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const MiB = 1024 * 1024;

function payload(name: string, size: number, fill = 'a') {
  return { name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(size, fill) };
}

/** Chooses files in the Files section and waits until each is listed as uploaded. */
async function upload(page: Page, files: ReturnType<typeof payload>[]): Promise<void> {
  await page.getByLabel('Choose files').setInputFiles(files);
  for (const file of files) {
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: file.name })
      .filter({ hasText: 'Uploaded' })
      .waitFor({ timeout: 30_000 });
  }
}

async function publish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

interface FileList {
  entries: { key: string; size: number; status: string; checksum: string }[];
}

describe('the Files section in the browser', () => {
  it('uploads two files to a new upload, publishes it and lands on the record page', async () => {
    const page = await loggedInPage(browser, server.url);
    await page.goto(`${server.url}/uploads/new`);
    await fillRequired(page, 'Two files of soil moisture');
    await upload(page, [payload('readings.csv', 1500, '1'), payload('notes.txt', 2000, '2')]);
    await page
      .getByTestId('files-quota')
      .getByText(/^2 of \d+ files · 3\.5 kB used/)
      .waitFor();
    expect(await page.getByLabel('Metadata-only record').isDisabled()).toBe(true);
    const id = await publish(page);
    const files = (await (
      await page.request.get(`${server.url}/api/records/${id}/files`)
    ).json()) as FileList;
    expect(files.entries.map((file) => [file.key, file.size, file.status]).sort()).toEqual([
      ['notes.txt', 2000, 'completed'],
      ['readings.csv', 1500, 'completed'],
    ]);
    await page.context().close();
  });

  it('uploads a file over 5 MiB in parts with Content-MD5, showing its progress', async () => {
    const page = await loggedInPage(browser, server.url);
    await page.goto(`${server.url}/uploads/new`);
    await fillRequired(page, 'A large file');
    const inits: unknown[] = [];
    const partHeaders: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/draft\/files$/.test(new URL(request.url()).pathname)) {
        inits.push(request.postDataJSON());
      }
      if (request.method() === 'PUT' && /\/content\/\d+/.test(request.url())) {
        partHeaders.push(request.headers()['content-md5']);
      }
    });
    // A slow uplink, so that the progress bar can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 3 * MiB,
    });
    const size = 6 * MiB + 123;
    await page.getByLabel('Choose files').setInputFiles([payload('large.bin', size, 'z')]);
    const bar = page.getByRole('progressbar', { name: 'Upload progress of large.bin' });
    await bar.waitFor();
    await expect
      .poll(
        async () => {
          const value = Number(await bar.getAttribute('aria-valuenow', { timeout: 5000 }));
          return value > 0 && value < 100;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: 'large.bin' })
      .filter({ hasText: 'Uploaded' })
      .waitFor({ timeout: 60_000 });

    expect(inits).toEqual([
      [{ key: 'large.bin', size, transfer: { type: 'M', parts: 2, part_size: 5 * MiB } }],
    ]);
    expect(partHeaders).toHaveLength(2);
    for (const header of partHeaders) expect(header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const files = (await (
      await page.request.get(`${server.url}/api/records/${id}/draft/files`)
    ).json()) as FileList;
    expect(files.entries).toEqual([
      expect.objectContaining({ key: 'large.bin', size, status: 'completed' }),
    ]);
    await page.context().close();
  });

  it('imports the files of the previous version into a new version', async () => {
    const page = await loggedInPage(browser, server.url);
    await page.goto(`${server.url}/uploads/new`);
    await fillRequired(page, 'Versioned data');
    await upload(page, [payload('v1.csv', 1000, 'v')]);
    const id = await publish(page);

    await page.goto(`${server.url}/uploads/${id}`);
    await page.getByRole('button', { name: 'New version' }).click();
    await page.waitForURL(
      (url) =>
        /^\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/.test(url.pathname) && !url.pathname.endsWith(id),
    );
    const next = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('button', { name: 'Import files from the previous version' }).click();
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: 'v1.csv' })
      .filter({ hasText: 'Uploaded' })
      .waitFor();
    const files = (await (
      await page.request.get(`${server.url}/api/records/${next}/draft/files`)
    ).json()) as FileList;
    expect(files.entries.map((file) => [file.key, file.size])).toEqual([['v1.csv', 1000]]);
    await page.context().close();
  });
});
