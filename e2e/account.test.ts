import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';

const e2e = useE2E();

describe('an account in the browser', () => {
  it('alice logs in through the page and creates a personal access token in settings', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Email').fill('alice@demo.arca');
    await page.getByLabel('Password').fill('arca-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /Alice Archer/ }).waitFor();

    await page.goto(`${e2e.server.url}/me/settings/tokens`);
    await page.getByLabel('Token name').fill('analysis script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const tokenField = page.locator('input[readonly]');
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    expect(token).toMatch(/^arca_/);
    await page.getByText('analysis script').first().waitFor();

    // The token shown once really authenticates a script, with no cookie.
    const response = await fetch(`${e2e.server.url}/api/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe('alice@demo.arca');
    await context.close();
  });

  it('refuses a wrong password on the page', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByLabel('Email').fill('alice@demo.arca');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    expect(page.url()).toContain('/login');
    await context.close();
  });
});
