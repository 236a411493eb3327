import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Audit } from './audit.ts';
import { loggedInPage, sidewaysOverflow } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE } from './viewports.ts';

const e2e = useE2E();
let admin: Page;
beforeAll(async () => {
  admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
  await admin.setViewportSize(DESKTOP);
});

/** The page fits the window sideways at the desktop and at the phone size. */
async function fitsBothSizes(page: Page, label: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `${label} at ${size.width}`).toBeLessThanOrEqual(0);
  }
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
/** What a visitor (no session) gets for the community. */
const anonymousStatus = async () =>
  (await fetch(`${e2e.server.url}/api/communities/demo-lab`)).status;

describe('administration of communities', () => {
  it(
    'an administrator restricts a community, deletes it and restores it',
    { timeout: 180_000 },
    async () => {
      const audit = new Audit();
      await admin.goto(`${e2e.server.url}/admin`);
      await admin
        .getByRole('navigation', { name: 'Administration sections' })
        .getByRole('link', { name: 'Communities' })
        .click();
      await admin.getByRole('heading', { name: 'Communities', level: 2 }).waitFor();
      await admin.getByRole('searchbox', { name: 'Search communities' }).fill('demo');
      await admin.getByRole('button', { name: 'Search', exact: true }).click();
      await row(admin, 'Demo Lab').getByText('Active').waitFor();
      await audit.scan(admin, 'admin communities');
      await fitsBothSizes(admin, 'admin communities');

      // Restricted: visitors no longer find it; made public again, they do.
      await row(admin, 'Demo Lab').getByRole('button', { name: 'Restrict: Demo Lab' }).click();
      await row(admin, 'Demo Lab').getByRole('button', { name: 'Make public: Demo Lab' }).waitFor();
      await row(admin, 'Demo Lab').getByText('Restricted').waitFor();
      expect(await anonymousStatus()).toBe(404);
      await row(admin, 'Demo Lab').getByRole('button', { name: 'Make public: Demo Lab' }).click();
      await row(admin, 'Demo Lab').getByRole('button', { name: 'Restrict: Demo Lab' }).waitFor();
      expect(await anonymousStatus()).toBe(200);

      // Deleted with a reason: its address answers with the tombstone.
      await row(admin, 'Demo Lab')
        .getByRole('button', { name: 'Delete community: Demo Lab' })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Delete community' });
      await dialog.getByRole('combobox', { name: /^Reason/ }).click();
      await admin.getByRole('option').first().click();
      await dialog.getByRole('textbox', { name: 'Note' }).fill('Moved to another repository.');
      await audit.scan(admin, 'community deletion dialog', dialog);
      await dialog.getByRole('button', { name: 'Delete community' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(admin, 'Demo Lab').getByText('Deleted').waitFor();
      expect(await anonymousStatus()).toBe(410);
      const search = await fetch(`${e2e.server.url}/api/communities?q=demo`);
      expect(((await search.json()) as { hits: { total: number } }).hits.total).toBe(0);

      await admin.goto(`${e2e.server.url}/communities/demo-lab`);
      await admin.getByRole('heading', { name: 'Deleted community', level: 1 }).waitFor();
      await admin.getByText('Moved to another repository.').waitFor();
      await audit.scan(admin, 'community tombstone');
      await fitsBothSizes(admin, 'community tombstone');

      // Restored from the list, it is back as it was.
      await admin.goto(`${e2e.server.url}/admin/communities`);
      await admin.getByRole('combobox', { name: 'Status' }).click();
      await admin.getByRole('option', { name: 'Deleted' }).click();
      await row(admin, 'Demo Lab').getByRole('button', { name: 'Restore: Demo Lab' }).click();
      await admin.getByText('No communities match these filters.').waitFor();
      expect(await anonymousStatus()).toBe(200);
      await admin.goto(`${e2e.server.url}/communities/demo-lab`);
      await admin.getByRole('heading', { name: 'Demo Lab', level: 1 }).waitFor();
      audit.check();
    },
  );

  it('a non-admin gets the not-found page at /admin/communities', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.goto(`${e2e.server.url}/admin/communities`);
    await alice.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect((await alice.request.get(`${e2e.server.url}/api/admin/communities`)).status()).toBe(403);
    await alice.context().close();
  });
});
