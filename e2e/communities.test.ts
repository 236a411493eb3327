import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { submitForReview } from './review.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

/** The page as it is now passes the scan and does not scroll sideways. */
async function checked(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await sidewaysScroll(page), what).toBe('');
}

/** Accepts the request open on the page, confirming in the dialog. */
async function accept(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this request?' });
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();
}

describe('communities in the browser', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`an owner creates a community, invites a curator who accepts, who accepts a submission (${name})`, async () => {
      const title = `Herbarium ${name}`;
      const slug = `herbarium-${name}`;
      const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
      await bob.setViewportSize(viewport);

      // Browse, then create.
      await bob.goto(`${e2e.server.url}/communities`);
      await bob.getByRole('heading', { name: 'Communities', level: 1 }).waitFor();
      await bob.getByRole('list', { name: 'Communities' }).waitFor();
      await checked(bob, 'list');
      await bob.getByRole('link', { name: 'New community' }).click();
      await bob.getByRole('textbox', { name: 'Title' }).fill(title);
      expect(await bob.getByRole('textbox', { name: 'Identifier' }).inputValue()).toBe(slug);
      await checked(bob, 'new');
      await bob.getByRole('button', { name: 'Create community' }).click();
      await bob.waitForURL(`${e2e.server.url}/communities/${slug}`);
      await bob.getByRole('heading', { name: title, level: 1 }).waitFor();

      // Settings: the owner sees them.
      await bob.getByRole('link', { name: 'Settings' }).click();
      await bob.getByRole('heading', { name: 'Privileges' }).waitFor();
      await checked(bob, 'settings');

      // Invite Carol as a curator.
      await bob.getByRole('link', { name: 'Members' }).click();
      await bob.getByTestId('member-row').filter({ hasText: 'Bob Baker' }).waitFor();
      await bob.getByRole('button', { name: 'Invite members' }).click();
      const dialog = bob.getByRole('dialog', { name: 'Invite members' });
      await dialog.getByRole('textbox', { name: 'Search people by name or e-mail' }).fill('carol');
      await dialog.getByRole('checkbox', { name: 'Carol Curator' }).check();
      await dialog.getByRole('combobox', { name: 'Role' }).click();
      await bob.getByRole('option', { name: 'Curator' }).click();
      await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Join our curators!');
      await checked(bob, 'invite dialog');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.waitFor({ state: 'detached' });
      await bob.getByTestId('invitation-row').filter({ hasText: 'Carol Curator' }).waitFor();
      await checked(bob, 'members');
      await bob.context().close();

      // Carol accepts the invitation from her requests.
      const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
      await carol.setViewportSize(viewport);
      await carol.goto(`${e2e.server.url}/me/requests`);
      await carol.getByRole('link', { name: title }).click();
      await carol.getByText('Join our curators!').waitFor();
      await carol.getByText('Invited as: Curator').waitFor();
      await checked(carol, 'invitation');
      await accept(carol);

      // Alice submits a record; Carol accepts it from the community's inbox.
      const alice = await loggedInPage(e2e.browser, e2e.server.url);
      const id = (await carol.evaluate(
        (path) => fetch(path).then((r) => r.json()),
        `/api/communities/${slug}`,
      )) as { id: string };
      await submitForReview(alice, e2e.server.url, id.id, `Pressed ferns (${name})`, {
        family_name: 'Archer',
        given_name: 'Alice',
      });
      await alice.context().close();
      await carol.goto(`${e2e.server.url}/communities/${slug}`);
      await carol.getByRole('link', { name: 'Requests' }).click();
      await carol.getByText('Submissions', { exact: true }).click();
      await carol.getByRole('link', { name: `Pressed ferns (${name})` }).click();
      await carol.getByText('Please review.').waitFor();
      await checked(carol, 'submission');
      await accept(carol);
      await carol.goto(`${e2e.server.url}/communities/${slug}`);
      await carol.getByText(`Pressed ferns (${name})`).first().waitFor();
      await carol.context().close();
      // Three people's whole flow: longer than one page's check.
    }, 150_000);
  }
});
