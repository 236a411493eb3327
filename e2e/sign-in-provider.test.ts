import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { IDP_CLIENT, startTestIdp, type TestIdp } from '../packages/server/test/oidc.idp.ts';
import { freePort, launchBrowser, startE2EServer, type E2EServer } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

// Signing in through a real OpenID provider in the browser (issue 23).
let idp: TestIdp;
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  const port = await freePort();
  idp = await startTestIdp(`http://127.0.0.1:${port}/api/auth/oidc/uni/callback`);
  server = await startE2EServer({
    port,
    env: {
      ARCA_OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'uni',
          name: 'University',
          issuer: idp.issuer,
          clientId: IDP_CLIENT.id,
          clientSecret: IDP_CLIENT.secret,
        },
      ]),
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await idp?.close();
});

describe('signing in through an identity provider', () => {
  it('a first sign-in creates the account and lands on the page asked for', async () => {
    idp.person = {
      sub: 'grace',
      email: 'grace@uni.example',
      email_verified: true,
      name: 'Grace Hopper',
    };
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login?next=%2Fme%2Fsettings%2Fidentities`);
    await page.getByRole('link', { name: 'Log in with University' }).click();
    await page.getByRole('heading', { name: 'Linked identities' }).waitFor();
    await page.getByRole('button', { name: /Grace Hopper/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Unlink University' }).isDisabled()).toBe(true);
    await context.close();
  });
  it.each(['signature', 'audience', 'nonce'] as const)(
    'an ID token forged in its %s lands on the login page with the reason, signed out',
    async (forgery) => {
      idp.person = { sub: 'mallory', email: 'mallory@uni.example', email_verified: true };
      idp.forge = forgery;
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}/login`);
        await page.getByRole('link', { name: 'Log in with University' }).click();
        const alert = page.getByRole('alert').filter({ hasText: 'The login did not work' });
        await alert
          .getByText(
            "The identity provider's answer could not be checked. Try again, or contact the administrators.",
          )
          .waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        expect((await page.request.get(`${server.url}/api/me`)).status()).toBe(401);
      } finally {
        idp.forge = null;
        await context.close();
      }
    },
  );

  it.each([
    ['desktop', DESKTOP, '0000-0002-1825-0097'],
    ['phone', PHONE, '0000-0002-1825-0098'],
  ] as const)(
    'on a %s, a first sign-in without an address asks for one and the mailed link finishes it',
    async (_name, viewport, orcid) => {
      // As ORCID answers: a subject and a name, no address.
      idp.person = { sub: orcid, name: `Josiah Carberry ${viewport.width}` };
      const email = `josiah.${viewport.width}@example.org`;
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Log in with University' }).click();
      await page.getByRole('heading', { name: 'Finish signing in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/finish-sign-in');
      await page.getByText('University does not share your email address.').waitFor();
      expect(await sidewaysScroll(page)).toBe('');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page
        .getByRole('status')
        .getByText(`a link to finish signing in is on its way to ${email}.`, { exact: false })
        .waitFor();
      expect((await page.request.get(`${server.url}/api/me`)).status()).toBe(401);

      await page.goto(await mailedLink(email));
      await page.getByText('Your email address is confirmed.').waitFor();
      // Signed in: the page offers to go on, not to log in.
      await page.getByRole('link', { name: 'Continue' }).waitFor();
      const me = await page.request.get(`${server.url}/api/me`);
      expect(((await me.json()) as { email: string }).email).toBe(email);
      await page.goto(`${server.url}/me/settings/identities`);
      expect(await page.getByRole('button', { name: 'Unlink University' }).isDisabled()).toBe(true);
      expect(await sidewaysScroll(page)).toBe('');
      await context.close();
    },
  );
});

/** The link of the newest mail to `to` (the outbox: this server sends no real mail). */
async function mailedLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await server.services.jobs.runDue();
    const { rows } = await server.services.outbox.list({ page: 1, size: 20 });
    const mail = rows.find((row) => row.recipient === to);
    if (typeof mail?.params.url === 'string') return mail.params.url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to}`);
}
