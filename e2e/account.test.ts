import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { linkFromOutbox } from './outbox.helpers.ts';
import { PHONE, sidewaysScroll } from './viewports.ts';

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
  it('bob changes his address on a phone: the link mailed to the new one confirms it', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.server.url}/me/settings`);
    const form = page.getByRole('form', { name: 'Email address' });
    await form.getByText('Your current address: bob@demo.arca').waitFor();
    expect(await sidewaysScroll(page)).toBe('');
    await form.getByLabel('New address').click();
    await page.keyboard.type('bob@new.example');
    await form.getByLabel('Current password').fill('arca-demo');
    await form.getByRole('button', { name: 'Send a confirmation link' }).click();
    await form
      .getByText('We sent a link to bob@new.example. Your address changes when you follow it.')
      .waitFor();
    // Nothing changes before the link is followed.
    const before = await page.request.get(`${e2e.server.url}/api/me`);
    expect(((await before.json()) as { email: string }).email).toBe('bob@demo.arca');

    const link = await linkFromOutbox(
      e2e,
      'bob@new.example',
      /https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/,
    );
    await page.goto(link);
    await page.getByText('Your email address is confirmed.').waitFor();
    const after = await page.request.get(`${e2e.server.url}/api/me`);
    expect(((await after.json()) as { email: string }).email).toBe('bob@new.example');
    // The old address is told, with no link to follow.
    expect(await linkFromOutbox(e2e, 'bob@demo.arca', /bob@new\.example/)).toBe('bob@new.example');
    await page.context().close();
  });
});
