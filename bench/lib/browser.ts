import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../../e2e/chromium.ts';

/** Debian's Chromium, headless, as the browser tests drive it. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (set CHROMIUM_PATH)');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A page logged in as the demo uploader. */
export async function loginPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('alice@demo.arca');
  await page.getByLabel('Password').fill('arca-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/login'));
  return page;
}

/** The API through the page's session: cookies and the CSRF header, as the web app sends them. */
export async function apiPost<T>(page: Page, url: string, path: string, body: unknown): Promise<T> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(`${url}${path}`, {
    data: body,
    headers: { 'X-CSRFToken': csrf },
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}
