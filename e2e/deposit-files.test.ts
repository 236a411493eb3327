import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dialog, Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { field, fillRequired, loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

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

interface FileItem {
  key: string;
  size: number;
  status: string;
  checksum: string | null;
  checksums?: string[];
  verified?: boolean;
  transfer: { parts_done?: number[] };
}

/** Holds back the PUT of one part of a file until released; the other requests go through. */
async function holdPart(page: Page, key: string, part: number) {
  let holding = true;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pattern = new RegExp(`/draft/files/${key.replace('.', '\\.')}/content/${part}(\\?|$)`);
  await page.route(pattern, async (route) => {
    if (!holding) return route.continue();
    await released;
    // The page that sent it may be gone (reloaded) by then.
    await route.abort().catch(() => undefined);
  });
  return () => {
    holding = false;
    release();
  };
}

/** The part numbers of the part PUTs the page sends, in order. */
function countPartPuts(page: Page): number[] {
  const parts: number[] = [];
  page.on('request', (request) => {
    const match = /\/content\/(\d+)$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'PUT' && match) parts.push(Number(match[1]));
  });
  return parts;
}

async function draftIdOf(page: Page): Promise<string> {
  await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function readFileItem(page: Page, id: string, key: string) {
  return page.request.get(`${e2e.server.url}/api/records/${id}/draft/files/${key}`);
}

/** Waits until the server holds exactly these parts of a pending multipart file. */
async function waitForPartsDone(page: Page, id: string, key: string, parts: number[]) {
  await expect
    .poll(
      async () => {
        const response = await readFileItem(page, id, key);
        return response.ok() ? ((await response.json()) as FileItem).transfer.parts_done : null;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toEqual(parts);
}

/** Answers the page's dialogs (confirm, beforeunload) and keeps what they were. */
function answerDialogs(page: Page, accept: boolean): string[] {
  const seen: string[] = [];
  const answer = (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void (accept ? dialog.accept() : dialog.dismiss());
  };
  page.on('dialog', answer);
  return seen;
}

describe('the Files section in the browser', () => {
  it('uploads two files to a new upload, publishes it and lands on the record page', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Two files of soil moisture');
    await upload(page, [payload('readings.csv', 1500, '1'), payload('notes.txt', 2000, '2')]);
    await page
      .getByTestId('files-quota')
      .getByText(/^2 of \d+ files · 3\.5 kB used/)
      .waitFor();
    expect(await page.getByLabel('Metadata-only record').isDisabled()).toBe(true);
    const id = await publish(page);
    const files = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}/files`)
    ).json()) as FileList;
    expect(files.entries.map((file) => [file.key, file.size, file.status]).sort()).toEqual([
      ['notes.txt', 2000, 'completed'],
      ['readings.csv', 1500, 'completed'],
    ]);
    await page.context().close();
  });

  it('uploads a file over 5 MiB in parts with Content-MD5, showing its progress', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
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
      [
        {
          key: 'large.bin',
          size,
          transfer: { type: 'M', parts: 2, part_size: 5 * MiB, part_checksum: 'sha256' },
        },
      ],
    ]);
    expect(partHeaders).toHaveLength(2);
    for (const header of partHeaders) expect(header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const files = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}/draft/files`)
    ).json()) as FileList;
    expect(files.entries).toEqual([
      expect.objectContaining({ key: 'large.bin', size, status: 'completed' }),
    ]);
    await page.context().close();
  });

  it('imports the files of the previous version into a new version', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Versioned data');
    await upload(page, [payload('v1.csv', 1000, 'v')]);
    const id = await publish(page);

    await page.goto(`${e2e.server.url}/uploads/${id}`);
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
      await page.request.get(`${e2e.server.url}/api/records/${next}/draft/files`)
    ).json()) as FileList;
    expect(files.entries.map((file) => [file.key, file.size])).toEqual([['v1.csv', 1000]]);
    await page.context().close();
  });

  it('asks before leaving during an upload; Cancel stops it and deletes the file on the server', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    const release = await holdPart(page, 'cancelled.bin', 2);
    const commits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/commit'))
        commits.push(request.url());
    });
    await page
      .getByLabel('Choose files')
      .setInputFiles([payload('cancelled.bin', 6 * MiB + 1, 'c')]);
    const id = await draftIdOf(page);
    await waitForPartsDone(page, id, 'cancelled.bin', [1]);
    const row = page.getByTestId('deposit-upload').filter({ hasText: 'cancelled.bin' });
    await row.getByRole('progressbar').waitFor();

    // Leaving while it uploads asks first; staying keeps the upload going.
    const dialogs = answerDialogs(page, false);
    await page.getByRole('link', { name: 'Arca', exact: true }).click();
    await expect
      .poll(() => dialogs)
      .toEqual(['confirm: Files are still uploading. Leave this page and stop their upload?']);
    expect(new URL(page.url()).pathname).toBe(`/uploads/${id}`);
    await row.getByRole('progressbar').waitFor();

    await row.getByRole('button', { name: 'Cancel the upload of cancelled.bin' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No files yet.').waitFor();
    await expect
      .poll(async () => (await readFileItem(page, id, 'cancelled.bin')).status(), {
        timeout: 10_000,
      })
      .toBe(404);
    const list = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}/draft/files`)
    ).json()) as FileList;
    expect(list.entries).toEqual([]);
    release();
    expect(commits).toEqual([]);

    // Nothing uploads and nothing is unsaved: leaving no longer asks.
    await page.getByRole('link', { name: 'Arca', exact: true }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(dialogs).toHaveLength(1);
    await page.context().close();
  });

  it('resumes a multipart upload interrupted by a reload, sending only the parts the server lacks', async () => {
    // A file on disk of three 5 MiB parts: choosing it again is choosing the same file.
    const dir = mkdtempSync(path.join(tmpdir(), 'arca-resume-'));
    const filePath = path.join(dir, 'resumed.bin');
    const bytes = randomBytes(12 * MiB + 345);
    writeFileSync(filePath, bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    try {
      const page = await loggedInPage(e2e.browser, e2e.server.url);
      await page.goto(`${e2e.server.url}/uploads/new`);
      // Typed, not filled: the page needs a user gesture to ask before unloading.
      await field(page, 'Title').click();
      await page.keyboard.type('Resumed upload');
      const release = await holdPart(page, 'resumed.bin', 3);
      const parts = countPartPuts(page);
      await page.getByLabel('Choose files').setInputFiles(filePath);
      const id = await draftIdOf(page);
      await waitForPartsDone(page, id, 'resumed.bin', [1, 2]);

      // The reload comes while part 3 is on its way: the page asks first.
      const dialogs = answerDialogs(page, true);
      await page.reload();
      release();
      expect(dialogs).toEqual(['beforeunload: ']);
      expect(parts.sort()).toEqual([1, 2, 3]);
      parts.length = 0;
      const inits: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/draft\/files$/.test(request.url())) {
          inits.push(request.postDataJSON());
        }
      });

      await page
        .getByTestId('deposit-file')
        .filter({ hasText: 'resumed.bin' })
        .filter({ hasText: 'Interrupted: choose this file again to resume its upload' })
        .waitFor();
      await page.getByLabel('Choose files').setInputFiles(filePath);
      await page
        .getByTestId('deposit-file')
        .filter({ hasText: 'resumed.bin' })
        .filter({ hasText: 'Uploaded' })
        .waitFor({ timeout: 30_000 });

      expect(parts).toEqual([3]);
      expect(inits).toEqual([]);
      const item = (await (await readFileItem(page, id, 'resumed.bin')).json()) as FileItem;
      expect(item).toMatchObject({
        key: 'resumed.bin',
        size: bytes.length,
        status: 'completed',
        checksum: `md5:${md5}`,
        // The browser read the parts sent before the reload itself, for the file's SHA-256.
        checksums: [`md5:${md5}`, `sha256:${sha256}`],
        verified: true,
      });
      await page.context().close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
