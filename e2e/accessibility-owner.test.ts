import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { Audit, closeDialog } from './audit.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { scanFixtures } from './accessibility.helpers.ts';
import { DESKTOP, PHONE } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  await alice.setViewportSize(DESKTOP);
});
const { recordId, api } = scanFixtures(e2e, () => alice);

// Each test scans many pages or dialogs, a few seconds each on a busy machine.
const SCANS_TIMEOUT = 180_000;

describe('axe scans (WCAG 2.1 AA) of the signed-in pages and dialogs', () => {
  it(
    "the dashboard: uploads, communities, requests, a request's timeline, settings",
    async () => {
      const audit = new Audit();
      const page = alice;
      await page.goto(`${e2e.server.url}/`);
      await page.getByRole('button', { name: /Alice Archer/ }).click();
      await page.getByRole('menu').waitFor();
      await audit.scanAt(page, DESKTOP, 'user menu', page.getByRole('menu'));
      await page.keyboard.press('Escape');
      // On a phone the header's controls are in the menu behind the burger.
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: 'My uploads' }).waitFor();
      await audit.scanAt(page, PHONE, 'header menu', menu);
      await closeDialog(page, menu);
      await page.setViewportSize(DESKTOP);

      await page.goto(`${e2e.server.url}/me/uploads`);
      await page.getByRole('list', { name: 'My uploads' }).getByRole('listitem').first().waitFor();
      await audit.scan(page, '/me/uploads');

      await page.goto(`${e2e.server.url}/me/communities`);
      await page
        .getByRole('list', { name: 'My communities' })
        .getByRole('listitem')
        .first()
        .waitFor();
      await audit.scan(page, '/me/communities');

      await page.goto(`${e2e.server.url}/me/requests`);
      await page.getByRole('tab', { name: /^Sent/ }).click();
      await page.getByRole('link', { name: /River temperature logs/ }).waitFor();
      await audit.scan(page, '/me/requests');
      await page.getByRole('link', { name: /River temperature logs/ }).click();
      await page.getByText('Ready for review, thank you!').waitFor();
      await audit.scan(page, 'request page with its timeline');

      const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
      await carol.setViewportSize(DESKTOP);
      await carol.goto(`${e2e.server.url}/me/requests`);
      await carol.getByRole('link', { name: /River temperature logs/ }).click();
      await carol.getByRole('button', { name: 'Accept' }).waitFor();
      await audit.scan(carol, 'request page of its curator, with actions');
      await carol.context().close();

      await page.goto(`${e2e.server.url}/me/settings`);
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await audit.scan(page, 'profile settings');
      await page.goto(`${e2e.server.url}/me/settings/tokens`);
      await page.getByLabel('Token name').fill('a11y');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.locator('input[readonly]').waitFor();
      await audit.scan(page, 'tokens, with a new token');
      await page.getByRole('button', { name: 'Revoke' }).first().click();
      const revoke = await audit.scanDialog(page, 'Revoke token');
      await closeDialog(page, revoke);
      audit.check();
    },
    SCANS_TIMEOUT,
  );

  it(
    "the owner's record page and the share dialog: every tab and the add dialogs",
    async () => {
      const audit = new Audit();
      const page = alice;
      await page.goto(`${e2e.server.url}/records/${await recordId('"Soil moisture"')}`);
      await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
      await audit.scan(page, "owner's record page");

      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const share = page.getByRole('dialog', { name: 'Share access' });
      await share.getByText('No user has access to this record yet.').waitFor();
      await audit.scanDialog(page, 'Share access');
      await share.getByRole('button', { name: 'Add people' }).click();
      const people = await audit.scanDialog(page, 'Add people');
      await people.getByLabel('Search people by name').fill('Bob');
      await people.getByRole('checkbox', { name: /Bob Baker/ }).waitFor();
      await audit.scan(page, 'dialog "Add people" with a match', people);
      await people.getByRole('checkbox', { name: /Bob Baker/ }).check();
      await people.getByRole('button', { name: 'Give access' }).click();
      await people.waitFor({ state: 'detached' });
      await share.getByRole('tab', { name: 'People (2)' }).waitFor();
      await audit.scan(page, 'share dialog, people with a grant', share);

      await share.getByRole('tab', { name: /^Groups/ }).click();
      await share.getByRole('button', { name: 'Add groups' }).waitFor();
      await audit.scan(page, 'share dialog, groups', share);
      await share.getByRole('button', { name: 'Add groups' }).click();
      const groups = await audit.scanDialog(page, 'Add groups');
      await closeDialog(page, groups);

      await share.getByRole('tab', { name: /^Links/ }).click();
      await share.getByRole('button', { name: 'Get a link' }).click();
      await share.getByTestId('link-row').waitFor();
      await audit.scan(page, 'share dialog, links', share);

      await share.getByRole('tab', { name: 'Settings' }).click();
      await share.getByRole('button', { name: 'Save settings' }).waitFor();
      await audit.scan(page, 'share dialog, settings', share);
      await closeDialog(page, share);

      // A draft in review (the demo's submission): its preview and its editor.
      const mine = (await api(page, 'GET', '/api/user/records?q=%22River%20temperature%22')) as {
        hits: { hits: { id: string }[] };
      };
      const draftId = mine.hits.hits[0]?.id ?? '';
      await page.goto(`${e2e.server.url}/records/${draftId}?preview=1`);
      await page.getByText('You are previewing a draft.', { exact: false }).waitFor();
      await audit.scan(page, 'draft preview');
      await page.goto(`${e2e.server.url}/uploads/${draftId}`);
      await page.getByText('Submitted for review').waitFor();
      await audit.scan(page, 'draft in review in the editor');
      audit.check();
    },
    SCANS_TIMEOUT,
  );
});
