import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';
import { field, loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

describe('an edit secret link in the browser', () => {
  it('the owner hands out an edit link, and an anonymous visitor edits the draft with it', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    await alice.goto(`${e2e.server.url}/uploads/new`);
    await field(alice, 'Title').fill('Lake sediment cores');
    await alice.getByRole('button', { name: 'Save draft' }).click();
    await alice.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(alice.url()).pathname.split('/').pop() ?? '';

    await alice.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = alice.getByRole('dialog', { name: 'Share access' });
    await dialog.getByRole('tab', { name: 'Links (0)' }).click();
    await dialog.getByRole('combobox', { name: 'Permission' }).selectOption('edit');
    await dialog.getByLabel('Description').fill('For the co-author');
    await dialog.getByRole('button', { name: 'Get a link' }).click();
    await dialog.getByRole('tab', { name: 'Links (1)' }).waitFor();
    const row = dialog.getByTestId('link-row');
    await row.getByText('For the co-author').waitFor();
    await row.getByRole('button', { name: 'Copy link' }).click();
    await alice.getByText('Copied!').waitFor();
    // A string expression: the e2e project has no DOM types.
    const url = String(await alice.evaluate('navigator.clipboard.readText()'));
    expect(url).toMatch(new RegExp(`^${e2e.server.url}/uploads/${id}\\?token=[^&]+$`));

    // Someone with no account opens the link: the deposit editor, not the login page.
    const guest = await (await e2e.browser.newContext()).newPage();
    await guest.goto(url);
    const title = field(guest, 'Title');
    await title.waitFor();
    expect(new URL(guest.url()).pathname).toBe(`/uploads/${id}`);
    expect(await title.inputValue()).toBe('Lake sediment cores');
    await title.fill('Lake sediment cores, 2025 campaign');
    await guest.getByRole('button', { name: 'Save draft' }).click();
    // The draft lacks required fields: the save succeeds with validation feedback.
    await guest
      .getByRole('alert')
      .filter({ hasText: /Record (successfully saved|saved with validation feedback)/ })
      .waitFor();

    // The owner sees the change in her editor.
    await alice.keyboard.press('Escape');
    await alice.reload();
    await alice.getByRole('button', { name: 'Save draft' }).waitFor();
    expect(await field(alice, 'Title').inputValue()).toBe('Lake sediment cores, 2025 campaign');
    await guest.context().close();
    await alice.context().close();
  });
});
