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

/** A row of an admin table, by a text in it. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('administration', () => {
  it('an administrator blocks a user, who then cannot log in', { timeout: 120_000 }, async () => {
    const audit = new Audit();
    await admin.goto(`${e2e.server.url}/`);
    await admin.getByRole('button', { name: 'Ada Admin' }).click();
    await admin.getByRole('menuitem', { name: 'Administration' }).click();
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await admin.getByText('Published records').waitFor();
    await audit.scan(admin, 'admin dashboard');
    await fitsBothSizes(admin, 'admin dashboard');

    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('bob');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await row(admin, 'Bob Baker').getByRole('button', { name: 'Block: Bob Baker' }).click();
    await row(admin, 'Bob Baker').getByText('Blocked').waitFor();
    await audit.scan(admin, 'admin users');
    await fitsBothSizes(admin, 'admin users');

    // Bob's login is refused: he stays on the login page with an error.
    const bob = await (await e2e.browser.newContext()).newPage();
    await bob.goto(`${e2e.server.url}/login`);
    await bob.getByLabel('Email').fill('bob@demo.arca');
    await bob.getByLabel('Password').fill('arca-demo');
    await bob.getByRole('button', { name: 'Log in' }).click();
    await bob.getByRole('alert').waitFor();
    expect(new URL(bob.url()).pathname).toBe('/login');
    await bob.context().close();

    // The other sections, scanned and fitting a phone too.
    for (const [section, heading] of [
      ['groups', 'Groups'],
      ['outbox', 'Mail outbox'],
      ['jobs', 'Jobs'],
    ] as const) {
      await admin.goto(`${e2e.server.url}/admin/${section}`);
      await admin.getByRole('heading', { name: heading, level: 2 }).waitFor();
      await audit.scan(admin, `admin ${section}`);
      await fitsBothSizes(admin, `admin ${section}`);
    }
    await admin.goto(`${e2e.server.url}/admin/users?q=bob`);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill('bob');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();

    // Unblocked, he can again.
    await row(admin, 'Bob Baker').getByRole('button', { name: 'Unblock: Bob Baker' }).click();
    await row(admin, 'Bob Baker').getByRole('button', { name: 'Block: Bob Baker' }).waitFor();
    audit.check();
  });

  it('an administrator deletes a record and restores it', { timeout: 120_000 }, async () => {
    const audit = new Audit();
    const search = await fetch(`${e2e.server.url}/api/records?size=1`);
    const [record] = (
      (await search.json()) as { hits: { hits: { id: string; metadata: { title: string } }[] } }
    ).hits.hits;
    const title = record!.metadata.title;

    await admin.goto(`${e2e.server.url}/admin/records`);
    await admin.getByRole('searchbox', { name: 'Search records and drafts' }).fill(title);
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await row(admin, title).getByText('Published').waitFor();
    await audit.scan(admin, 'admin records');
    await fitsBothSizes(admin, 'admin records');

    await row(admin, title).getByRole('button', { name: 'Delete record' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete record' });
    await dialog.getByRole('combobox', { name: /^Reason/ }).click();
    await admin.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Delete record' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(admin, title).getByText('Deleted').waitFor();
    // Deleted: the record answers 410 (its tombstone) to anyone.
    expect((await fetch(`${e2e.server.url}/api/records/${record!.id}`)).status).toBe(410);

    await row(admin, title)
      .getByRole('button', { name: `Restore: ${title}` })
      .click();
    await row(admin, title).getByText('Published').waitFor();
    expect((await fetch(`${e2e.server.url}/api/records/${record!.id}`)).status).toBe(200);
    audit.check();
  });

  it('a non-admin sees no admin link and gets the not-found page', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.goto(`${e2e.server.url}/`);
    await alice.getByRole('button', { name: 'Alice Archer' }).click();
    await alice.getByRole('menuitem', { name: 'My uploads' }).waitFor();
    expect(await alice.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await alice.goto(`${e2e.server.url}/admin/users`);
    await alice.getByRole('heading', { name: 'Page not found' }).waitFor();
    await alice.context().close();
  });
});
