import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { field, loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

/** Alice saves a new draft in the editor; returns its id. */
async function newDraft(page: Page, title: string): Promise<string> {
  await page.goto(`${e2e.server.url}/uploads/new`);
  await field(page, 'Title').fill(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share access' });
  await dialog.waitFor();
  return dialog;
}

describe('the share dialog in the browser', () => {
  it('the owner grants bob edit, and bob edits the draft in his own browser', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    const id = await newDraft(alice, 'Shared glacier draft');
    const dialog = await openShareDialog(alice);
    await dialog.getByRole('tab', { name: 'People (1)' }).waitFor();
    await dialog.getByText('No user has access to this record yet.').waitFor();
    await dialog.getByRole('button', { name: 'Add people' }).click();
    const add = alice.getByRole('dialog', { name: 'Add people' });
    await add.getByLabel('Search people by name').fill('Bob');
    await add.getByRole('checkbox', { name: /Bob Baker/ }).check();
    await add.getByRole('combobox', { name: 'Permission' }).selectOption('edit');
    await add.getByRole('switch', { name: 'Notify by e-mail' }).uncheck({ force: true });
    await add.getByRole('button', { name: 'Give access' }).click();
    await add.waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'People (2)' }).waitFor();
    expect(
      await dialog.getByRole('combobox', { name: 'Permission of Bob Baker' }).inputValue(),
    ).toBe('edit');

    const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await bob.goto(`${e2e.server.url}/uploads/${id}`);
    await field(bob, 'Title').fill('Shared glacier draft, edited by Bob');
    await bob.getByRole('button', { name: 'Save draft' }).click();
    // The draft lacks required fields: the save succeeds with validation feedback.
    await bob
      .getByRole('alert')
      .filter({ hasText: /Record (successfully saved|saved with validation feedback)/ })
      .waitFor();

    const draft = (await (
      await alice.request.get(`${e2e.server.url}/api/records/${id}/draft`)
    ).json()) as { metadata: { title: string } };
    expect(draft.metadata.title).toBe('Shared glacier draft, edited by Bob');
    await bob.context().close();
    await alice.context().close();
  });

  it('the owner copies a preview link, and an anonymous visitor opens the draft preview with it', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    const id = await newDraft(alice, 'Draft for the referee');
    const dialog = await openShareDialog(alice);
    await dialog.getByRole('tab', { name: 'Links (0)' }).click();
    await dialog.getByText('This record has no links generated yet.').waitFor();
    // View is not offered on a draft: preview is the default.
    expect(await dialog.getByRole('combobox', { name: 'Permission' }).inputValue()).toBe('preview');
    await dialog.getByLabel('Description').fill('For the referee');
    await dialog.getByRole('button', { name: 'Get a link' }).click();
    await dialog.getByRole('tab', { name: 'Links (1)' }).waitFor();
    const row = dialog.getByTestId('link-row');
    await row.getByText('For the referee').waitFor();
    await row.getByRole('button', { name: 'Copy link' }).click();
    await alice.getByText('Copied!').waitFor();
    // A string expression: the e2e project has no DOM types.
    const url = String(await alice.evaluate('navigator.clipboard.readText()'));
    expect(url).toMatch(new RegExp(`/records/${id}\\?preview=1&token=[^&]+$`));

    const guest = await (await e2e.browser.newContext()).newPage();
    // Without the token the draft is not there for a visitor.
    const denied = await guest.request.get(`${e2e.server.url}/api/records/${id}/draft`);
    expect(denied.status()).toBeGreaterThanOrEqual(400);
    await guest.goto(url);
    await guest.getByRole('heading', { name: 'Draft for the referee' }).waitFor();
    await guest.context().close();
    await alice.context().close();
  });
});
