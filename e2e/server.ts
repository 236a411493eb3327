import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startServer, loadConfig, type Server } from '@arca/server';
import { afterAll, beforeAll, inject } from 'vitest';
import { findChromium } from './chromium.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface E2EServer {
  url: string;
  /** The server's services, for setting up what no HTTP route offers yet. */
  services: Server['services'];
  close(): Promise<void>;
}

/** The whole app as `npm start` runs it (PGlite, demo data, built web app), on a free port. */
export async function startE2EServer(
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<E2EServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-e2e-'));
  // The run's demo data, seeded once (global-setup.ts), unless the test sets the app up otherwise.
  if (!options.env) cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    ARCA_DATA_DIR: dataDir,
    ARCA_SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const server = await startServer(config, { logger: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.siteUrl,
    services: server.services,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, with no background traffic to the closed network. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: run `npm test`, which installs it');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The app and a browser for a test file: started before its tests, closed
 * after them. Read `server` and `browser` in tests and hooks, not at import.
 */
export function useE2E(): { readonly server: E2EServer; readonly browser: Browser } {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e server and browser start in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
