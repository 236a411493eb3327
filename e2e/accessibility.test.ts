import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { Audit } from './audit.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { scanFixtures } from './accessibility.helpers.ts';
import { DESKTOP } from './viewports.ts';

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

describe('axe scans (WCAG 2.1 AA) of the public pages and the access-request forms', () => {
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
});
