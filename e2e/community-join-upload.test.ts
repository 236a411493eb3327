import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { api, fillRequired, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

/** The page as it is now passes the scan and does not scroll sideways. */
async function checked(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), what).toEqual([]);
  expect(await sidewaysScroll(page), what).toBe('');
}

const POLICY = 'Every dataset needs a README and an open licence.';

/** An open, themed community of bob's with a curation policy, made through the API. */
async function createOpenCommunity(slug: string, title: string): Promise<void> {
  const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
  await api(bob, 'POST', `${e2e.server.url}/api/communities`, {
    slug,
    metadata: {
      title,
      description: 'Bird counts along the coast.',
      page: '<p>We count <strong>shorebirds</strong> every spring.</p>',
      curation_policy: `<p>${POLICY}</p>`,
    },
    access: { member_policy: 'open', record_submission_policy: 'closed' },
    theme: { enabled: true, style: { primaryColor: '#6a1b9a' } },
  });
  await bob.context().close();
}

describe('joining a community and its dedicated upload form in the browser', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a user joins an open community, reads its pages and uploads through its themed form (${name})`, async () => {
      const slug = `shorebirds-${name}`;
      const title = `Shorebird counts ${name}`;
      await createOpenCommunity(slug, title);
      const alice = await loggedInPage(e2e.browser, e2e.server.url);
      await alice.setViewportSize(viewport);

      // Not a member yet: submissions are closed to her, joining is open.
      await alice.goto(`${e2e.server.url}/communities/${slug}`);
      await alice.getByRole('heading', { name: title, level: 1 }).waitFor();
      const header = alice.getByTestId('community-header');
      expect(await header.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
        'rgb(106, 27, 154)',
      );
      expect(await alice.getByRole('link', { name: 'New upload' }).count()).toBe(0);
      await checked(alice, 'before joining');
      await alice.getByRole('button', { name: 'Join community' }).click();
      await header.getByText('Reader').waitFor();
      await alice.getByRole('button', { name: 'Join community' }).waitFor({ state: 'detached' });

      // The About tab shows the page and the curation policy.
      await alice.getByRole('link', { name: 'About' }).click();
      await alice.getByText('every spring.').waitFor();
      await alice.getByRole('heading', { name: 'Curation policy' }).waitFor();
      await alice.getByText(POLICY).waitFor();
      await checked(alice, 'about');

      // A member may upload: the dedicated form, themed, with the community chosen.
      await alice.getByRole('link', { name: 'New upload' }).click();
      await alice.waitForURL(`${e2e.server.url}/communities/${slug}/upload`);
      const themed = alice.getByTestId('themed-upload-header');
      await themed.getByRole('heading', { name: `Upload to ${title}` }).waitFor();
      expect(await themed.evaluate((element) => getComputedStyle(element).borderTopColor)).toBe(
        'rgb(106, 27, 154)',
      );
      await alice.getByRole('link', { name: title }).waitFor();
      await alice.getByTestId('curation-policy').getByText(POLICY).waitFor();
      await checked(alice, 'upload form');

      // Submitting shows the curation policy once more, in the dialog.
      await fillRequired(alice, `Plover nests (${name})`);
      await alice.getByLabel('Metadata-only record').check();
      await alice.getByRole('button', { name: 'Submit for review' }).click();
      const dialog = alice.getByRole('dialog', { name: 'Submit for review' });
      await dialog.getByTestId('curation-policy').getByText(POLICY).waitFor();
      await checked(alice, 'submit dialog');
      for (const box of await dialog.getByRole('checkbox').all()) await box.check();
      await dialog.getByRole('button', { name: 'Submit record for review' }).click();
      await alice.waitForURL(/\/me\/requests\/[0-9a-f-]{36}$/);
      await alice.context().close();
    }, 150_000);
  }
});
