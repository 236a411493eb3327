// A community invitation mailed to someone with no account (issue 24): the
// manager invites an address, the mail's link brings the invitee to sign up,
// confirm the address and log in, and the invitation they accept makes them a
// member with the role offered.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { api, loggedInPage } from './deposit.helpers.ts';
import { linkFromOutbox } from './outbox.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

/** The page as it is now passes the scan and does not scroll sideways. */
async function checked(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await sidewaysScroll(page), what).toBe('');
}

const INVITATION_LINK = /https?:\/\/\S+\/me\/community-invitation\?token=[^\s"<>]+/;
const CONFIRMATION_LINK = /https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/;
const PASSWORD = 'lichen-survey-2026';

/** Logs in on the login page the app sent the visitor to; it returns them where they were going. */
async function logIn(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/login'));
}

describe('a community invitation mailed to an address', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the invitee signs up from the mail, confirms the address, accepts and is a curator (${name})`, async () => {
      const slug = `lichens-${name}`;
      const title = `Lichen survey ${name}`;
      const address = `nora.${name}@example.org`;
      const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
      await bob.setViewportSize(viewport);
      await api(bob, 'POST', `${e2e.server.url}/api/communities`, {
        slug,
        metadata: { title, description: 'Lichens on the old stone walls.' },
      });

      // Bob invites an address nobody has an account with, as a curator.
      await bob.goto(`${e2e.server.url}/communities/${slug}/members`);
      await bob.getByTestId('member-row').filter({ hasText: 'Bob Baker' }).waitFor();
      await bob.getByRole('button', { name: 'Invite members' }).click();
      const dialog = bob.getByRole('dialog', { name: 'Invite members' });
      const emails = dialog.getByLabel('Invite by e-mail address');
      await emails.fill(address);
      await emails.press('Enter');
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await bob.getByRole('option', { name: 'Curator' }).click();
      await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Come count lichens!');
      await checked(bob, 'invite dialog');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.waitFor({ state: 'detached' });
      const pending = bob.getByTestId('email-invitation-row').filter({ hasText: address });
      await pending.getByText('Curator').waitFor();
      await checked(bob, 'members with the mailed invitation');

      // The invitation's link, from the mail, leads a visitor to log in; they sign up instead.
      const invitation = await linkFromOutbox(e2e, address, INVITATION_LINK);
      const nora = await (await e2e.browser.newContext({ viewport })).newPage();
      await nora.goto(invitation);
      await nora.waitForURL(/\/login\?next=/);
      await checked(nora, 'login from the invitation');
      await nora.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
      await nora.waitForURL(/\/signup\?next=/);
      await nora.getByLabel('Full name').fill(`Nora Lindqvist ${name}`);
      await nora.getByLabel('Email').fill(address);
      await nora.getByLabel('Password').fill(PASSWORD);
      await checked(nora, 'sign-up form');
      await nora.getByRole('button', { name: 'Sign up' }).click();
      await nora.getByText(`we have sent a message to ${address}`).waitFor();
      await checked(nora, 'signed up');

      // Logging in at once comes back to the invitation, which waits for the address to be confirmed.
      await nora.getByRole('main').getByRole('link', { name: 'Log in' }).click();
      await logIn(nora, address);
      await nora.waitForURL(/\/me\/community-invitation\?token=/);
      await nora
        .getByText('Confirm your email address first: follow the link we mailed you.')
        .waitFor();
      await checked(nora, 'invitation before confirming');

      // The welcome mail confirms the address and leads back to the invitation, now open.
      const confirmation = await linkFromOutbox(e2e, address, CONFIRMATION_LINK);
      expect(new URL(confirmation).searchParams.get('next')).toBe(
        new URL(invitation).pathname + new URL(invitation).search,
      );
      await nora.goto(confirmation);
      await nora.getByText('Your email address is confirmed.').waitFor();
      await nora.getByRole('link', { name: 'Continue' }).click();
      await nora.waitForURL(/\/me\/requests\/[0-9a-f-]{36}$/);
      await nora.getByText('Come count lichens!').waitFor();
      await nora.getByText('Invited as: Curator').waitFor();
      await checked(nora, 'invitation');
      await nora.getByRole('button', { name: 'Accept', exact: true }).click();
      await nora
        .getByRole('dialog', { name: 'Accept this request?' })
        .getByRole('button', { name: 'Accept', exact: true })
        .click();
      await nora.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

      // She is a curator of the community, and its owner sees her so.
      await nora.goto(`${e2e.server.url}/communities/${slug}`);
      await nora.getByTestId('community-header').getByText('Curator').waitFor();
      await checked(nora, 'community as a curator');
      await nora.context().close();
      await bob.reload();
      const role = bob.getByRole('combobox', { name: `Role of Nora Lindqvist ${name}` });
      expect(await role.inputValue()).toBe('Curator');
      await pending.waitFor({ state: 'detached' });
      await bob.context().close();
      // Two people, nine scans, two mails read through the outbox: about two minutes on a busy machine.
    }, 300_000);
  }
});
