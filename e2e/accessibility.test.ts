import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { Audit, closeDialog } from './audit.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { scanFixtures } from './accessibility.helpers.ts';
import { DESKTOP, PHONE } from './viewports.ts';

const e2e = useE2E();
let anonymous: Page;
let alice: Page;
beforeAll(async () => {
  anonymous = await (await e2e.browser.newContext({ viewport: DESKTOP })).newPage();
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  await alice.setViewportSize(DESKTOP);
});
const { recordId, api } = scanFixtures(e2e, () => alice);

// Each test scans many pages or dialogs, a few seconds each on a busy machine.
const SCANS_TIMEOUT = 180_000;

describe('axe scans (WCAG 2.1 AA) of every page and dialog', () => {
  it(
    'the public pages: home, login, sign-up, search with facets, records, not found',
    async () => {
      const audit = new Audit();
      const page = anonymous;
      await page.goto(e2e.server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await audit.scan(page, 'home');

      await page.goto(`${e2e.server.url}/login`);
      await page.getByRole('button', { name: 'Log in' }).last().waitFor();
      await audit.scan(page, 'login');
      // With the error of a refused login.
      await page.getByLabel('Email').fill('alice@demo.arca');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Log in' }).last().click();
      await page.getByText('Invalid email or password.').waitFor();
      await audit.scan(page, 'login with an error');

      await page.goto(`${e2e.server.url}/signup`);
      await page.getByRole('button', { name: 'Sign up' }).last().waitFor();
      await audit.scan(page, 'sign-up');

      await page.goto(`${e2e.server.url}/search?q=lake`);
      await page
        .getByRole('list', { name: 'Search results' })
        .getByRole('listitem')
        .first()
        .waitFor();
      await audit.scan(page, 'search with results and facets');
      await page.goto(`${e2e.server.url}/search?q=nothing-matches-this`);
      await page.getByText('0 results', { exact: true }).waitFor();
      await audit.scan(page, 'search without results');

      await page.goto(`${e2e.server.url}/records/${await recordId('"Soil moisture"')}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await audit.scan(page, 'open record');
      await page.getByRole('button', { name: 'Preview readings.csv' }).click();
      await page.getByRole('table', { name: 'readings.csv' }).waitFor();
      await audit.scan(page, 'open record with a file preview');

      await page.goto(`${e2e.server.url}/records/${await recordId('"Glacier melt"')}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await audit.scan(page, 'embargoed record');

      await page.goto(`${e2e.server.url}/records/does-not-exist`);
      await page.getByRole('alert').waitFor();
      await audit.scan(page, 'missing record');
      await page.goto(`${e2e.server.url}/no/such/page`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await audit.scan(page, 'not found');
      audit.check();
    },
    SCANS_TIMEOUT,
  );

  it(
    'a record with restricted files: the access-request form for a guest and a signed-in user',
    async () => {
      const audit = new Audit();
      const id = await recordId('"Interview transcripts"');
      const draft = (await api(alice, 'GET', `/api/records/${id}`)) as {
        links: { access: string };
      };
      await api(alice, 'PUT', new URL(draft.links.access).pathname, {
        allow_user_requests: true,
        allow_guest_requests: true,
        accept_conditions_text: '<p>For research use only.</p>',
        secret_link_expiration: '30',
      });
      await anonymous.goto(`${e2e.server.url}/records/${id}`);
      await anonymous.getByRole('button', { name: 'Request access' }).waitFor();
      await audit.scan(anonymous, 'guest access-request form');
      // Sent empty: the field errors are shown.
      await anonymous.getByRole('button', { name: 'Request access' }).click();
      await anonymous.getByRole('alert').first().waitFor();
      await audit.scan(anonymous, 'guest access-request form with errors');

      const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
      await bob.setViewportSize(DESKTOP);
      await bob.goto(`${e2e.server.url}/records/${id}`);
      await bob.getByRole('button', { name: 'Request access' }).waitFor();
      await audit.scan(bob, 'user access-request form');
      await bob.context().close();
      audit.check();
    },
    SCANS_TIMEOUT,
  );

  it(
    "the dashboard: uploads, communities, requests, a request's timeline, settings",
    async () => {
      const audit = new Audit();
      const page = alice;
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
