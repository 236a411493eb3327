import type { Browser, Page } from 'playwright-core';

/**
 * A fresh browser context logged in as a demo user, on a blank page. It logs in
 * through the API, as the login form does (e2e/account.test.ts tests the form).
 */
export async function loggedInPage(
  browser: Browser,
  url: string,
  email = 'alice@demo.arca',
): Promise<Page> {
  const context = await browser.newContext();
  const response = await context.request.post(`${url}/api/auth/login`, {
    data: { email, password: 'arca-demo' },
  });
  if (!response.ok()) throw new Error(`logging in ${email}: ${response.status()}`);
  return context.newPage();
}

/** A text input by its label. */
export function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Picks an option of a Mantine select by its label text. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills what publishing needs: resource type, title, publication date and one creator. */
export async function fillRequired(page: Page, title: string): Promise<void> {
  await choose(page, 'Resource type', 'Dataset');
  await field(page, 'Title').fill(title);
  await field(page, 'Publication date').fill('2026-01-15');
  await addCreator(page, 'Curie', 'Marie');
}

export async function addCreator(page: Page, family: string, given: string): Promise<void> {
  await page.getByRole('button', { name: 'Add creator' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('textbox', { name: 'Family name', exact: true }).fill(family);
  await modal.getByRole('textbox', { name: 'Given names', exact: true }).fill(given);
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await modal.waitFor({ state: 'detached' });
}

/** The CSRF header for API calls made with the page's session. */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken');
  return { 'X-CSRFToken': token?.value ?? '' };
}

/** Calls the API with the page's session; fails the test on an error status. */
export async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, {
    method,
    headers: await csrfHeader(page),
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok())
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** How far the page scrolls sideways (0 when it fits its viewport). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // A string: the e2e code is compiled without the DOM's types.
  return Number(
    await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    ),
  );
}
