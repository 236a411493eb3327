import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Audit } from './audit.ts';
import { field, loggedInPage, sidewaysOverflow } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE } from './viewports.ts';

// The audit log in the browser: a record's managers read its access history in
// the share dialog, administrators search the whole log; both pass the
// accessibility scan and fit a phone.

const e2e = useE2E();

async function fitsBothSizes(page: Page, label: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `${label} at ${size.width}`).toBeLessThanOrEqual(0);
  }
}

describe('the audit log', () => {
  it('shows the owner the access history and an administrator the whole log', async () => {
    const audit = new Audit();
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.setViewportSize(DESKTOP);
    await alice.goto(`${e2e.server.url}/uploads/new`);
    await field(alice, 'Title').fill('Audited glacier draft');
    await alice.getByRole('button', { name: 'Save draft' }).click();
    await alice.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);

    await alice.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = alice.getByRole('dialog', { name: 'Share access' });
    await dialog.getByRole('tab', { name: 'Links (0)' }).click();
    await dialog.getByLabel('Description').fill('For the referee');
    await dialog.getByRole('button', { name: 'Get a link' }).click();
    await dialog.getByRole('tab', { name: 'Links (1)' }).waitFor();

    await dialog.getByRole('tab', { name: 'Access history' }).click();
    const entry = dialog.getByRole('listitem').filter({ hasText: 'Secret link created' });
    await entry.getByText(/^Alice Archer · /).waitFor();
    await entry.getByText('description: For the referee').waitFor();
    await audit.scan(alice, 'access history', dialog);
    await fitsBothSizes(alice, 'access history');
    await alice.context().close();

    const admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
    await admin.setViewportSize(DESKTOP);
    await admin.goto(`${e2e.server.url}/admin`);
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    const table = admin.getByRole('table', { name: 'Audit log' });
    await table.getByRole('row').filter({ hasText: 'Secret link created' }).first().waitFor();
    await audit.scan(admin, 'admin audit log');
    await fitsBothSizes(admin, 'admin audit log');

    // Filtered to an action nothing did yet: the page says so.
    await admin.getByRole('textbox', { name: 'Search text' }).fill('no such thing at all');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No entries match these filters.').waitFor();
    await fitsBothSizes(admin, 'admin audit log, nothing found');

    // The actor is found by e-mail address, not by account number.
    await admin.getByRole('textbox', { name: 'Search text' }).fill('');
    await admin.getByRole('combobox', { name: 'Actor' }).fill('alice@demo');
    const option = admin.getByRole('option', { name: 'Alice Archer <alice@demo.arca>' });
    await option.waitFor();
    await audit.scan(admin, 'admin audit log, actor picker');
    await option.click();
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await table.getByRole('row').filter({ hasText: 'Secret link created' }).first().waitFor();
    const actors = await table.getByRole('row').locator('td:nth-child(2)').allTextContents();
    expect(new Set(actors)).toEqual(new Set(['Alice Archer']));
    await fitsBothSizes(admin, 'admin audit log, by actor');
    audit.check();
    await admin.context().close();
    // Two people and five scans: more than the default minute on a busy machine.
  }, 150_000);

  it('keeps the log from non-admins: no link, not-found page, 403 from the API', async () => {
    const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await bob.goto(`${e2e.server.url}/`);
    await bob.getByRole('button', { name: 'Bob Baker' }).click();
    await bob.getByRole('menuitem', { name: 'My uploads' }).waitFor();
    expect(await bob.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await bob.goto(`${e2e.server.url}/admin/audit`);
    await bob.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect((await bob.request.get(`${e2e.server.url}/api/admin/audit`)).status()).toBe(403);
    await bob.context().close();
  });
});
