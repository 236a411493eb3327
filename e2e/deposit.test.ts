import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';
import { choose, field, fillRequired, loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

describe('the deposit editor in the browser', () => {
  it('creates a metadata-only record, fills the required fields, publishes and lands on the record page', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Soil moisture of the Lake Geneva basin');
    await page.getByLabel('Metadata-only record').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Soil moisture of the Lake Geneva basin').waitFor();
    await modal.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const record = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}`)
    ).json()) as {
      is_published: boolean;
      metadata: { title: string; creators: { person_or_org: { name: string } }[] };
    };
    expect(record.is_published).toBe(true);
    expect(record.metadata.title).toBe('Soil moisture of the Lake Geneva basin');
    expect(record.metadata.creators[0]?.person_or_org.name).toBe('Curie, Marie');
    await page.context().close();
  });

  it('shows a validation error on its field and in the banner with a link to its section', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').fill('A valid title');
    await field(page, 'Publication date').fill('2026-13-45');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'Record saved with validation feedback in' });
    await banner.waitFor();
    const link = banner.getByRole('link', { name: /^Basic information \(\d+\)$/ });
    expect(await link.getAttribute('href')).toBe('#deposit-section-basic-information');
    await page
      .getByText(
        'Please provide a valid date or interval in the format YYYY-MM-DD, YYYY-MM, YYYY, or an interval such as 2020-01/2020-06.',
      )
      .waitFor();
    // The saved draft kept the other values.
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const draft = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}/draft`)
    ).json()) as {
      metadata: { title: string };
    };
    expect(draft.metadata.title).toBe('A valid title');
    await page.context().close();
  });

  it('adds a standard licence from the picker and a custom one, checking the custom fields', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').fill('Licensed data');
    await page.getByRole('button', { name: 'Add standard' }).click();
    let modal = page.getByRole('dialog', { name: 'Add standard license' });
    await modal
      .getByRole('radio', { name: 'Creative Commons Attribution 4.0 International' })
      .click();
    await modal.getByRole('button', { name: 'Add license' }).click();
    await modal.waitFor({ state: 'detached' });
    await page
      .getByTestId('license-item')
      .filter({ hasText: 'Creative Commons Attribution 4.0 International' })
      .waitFor();

    await page.getByRole('button', { name: 'Add standard' }).click();
    modal = page.getByRole('dialog', { name: 'Add standard license' });
    await modal.getByText('Software', { exact: true }).click();
    await modal.getByRole('textbox', { name: 'Search licenses' }).fill('MIT');
    await modal.getByRole('radio', { name: 'MIT License', exact: true }).waitFor();
    await modal
      .getByRole('button', { name: 'Did not find your license? Add a custom license.' })
      .click();
    modal = page.getByRole('dialog', { name: 'Add custom license' });
    await modal.getByRole('textbox', { name: 'Link' }).fill('not a link');
    await modal.getByRole('button', { name: 'Add license' }).click();
    await modal.getByText('Title is a required field.').waitFor();
    await modal.getByText('Link must be a valid URL').waitFor();
    await modal.getByRole('textbox', { name: 'Title' }).fill('Lab licence 1.0');
    await modal.getByRole('textbox', { name: 'Link' }).fill('https://lab.example.org/licence');
    await modal.getByRole('button', { name: 'Add license' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    await page.getByText('Record saved with validation feedback in').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const draft = (await (
      await page.request.get(`${e2e.server.url}/api/records/${id}/draft`)
    ).json()) as {
      metadata: { rights: { id?: string; title?: Record<string, string>; link?: string }[] };
    };
    expect(draft.metadata.rights.map((right) => right.id ?? right.title?.en)).toEqual([
      'cc-by-4.0',
      'Lab licence 1.0',
    ]);
    expect(draft.metadata.rights[1]?.link).toBe('https://lab.example.org/licence');
    await page.context().close();
  });

  it('deletes a draft and goes to the dashboard uploads route', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').fill('A draft to delete');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this draft?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL(`${e2e.server.url}/me/uploads`);
    const response = await page.request.get(`${e2e.server.url}/api/records/${id}/draft`);
    expect(response.status()).toBe(404);
    await page.context().close();
  });

  it('offers back the typed values after a crash', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await choose(page, 'Resource type', 'Dataset');
    await field(page, 'Title').fill('Typed before the crash');
    // The values reach the browser's storage shortly after typing stops.
    await page.waitForFunction(() =>
      localStorage.getItem('arca.deposit.new')?.includes('Typed before the crash'),
    );
    const context = page.context();
    await page.close({ runBeforeUnload: false });

    const again = await context.newPage();
    await again.goto(`${e2e.server.url}/uploads/new`);
    await again.getByText('Unsaved changes found').waitFor();
    expect(await field(again, 'Title').inputValue()).toBe('');
    await again.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await field(again, 'Title').inputValue()).toBe('Typed before the crash');
    expect(await again.getByRole('combobox', { name: 'Resource type' }).inputValue()).toBe(
      'Dataset',
    );
    await context.close();
  });

  it('asks before leaving with unsaved changes, by a link or by closing the tab, and not once saved', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    const home = page.getByRole('link', { name: 'Arca', exact: true });

    // Nothing typed: leaving does not ask.
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').waitFor();
    await home.click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(dialogs).toEqual([]);

    await page.goto(`${e2e.server.url}/uploads/new`);
    // Typed, not filled: closing the tab asks only after a user gesture.
    await field(page, 'Title').click();
    await page.keyboard.type('Not saved yet');
    await home.click();
    await expect
      .poll(() => dialogs)
      .toEqual(['confirm: You have unsaved changes. Leave this page and lose them?']);
    expect(new URL(page.url()).pathname).toBe('/uploads/new');
    expect(await field(page, 'Title').inputValue()).toBe('Not saved yet');

    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe('beforeunload: ');
    expect(page.isClosed()).toBe(false);
    expect(await field(page, 'Title').inputValue()).toBe('Not saved yet');

    // Once saved, leaving does not ask.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    await page.getByText('Record saved with validation feedback in').waitFor();
    await home.click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(dialogs).toHaveLength(2);

    // Answering yes leaves.
    await page.goBack();
    await field(page, 'Title').click();
    await page.keyboard.type(', changed');
    accept = true;
    await home.click();
    await page.waitForURL(`${e2e.server.url}/`);
    expect(dialogs).toHaveLength(3);
    await page.context().close();
  });

  it('refuses a save over a newer revision and reloads it without losing typed values', async () => {
    const first = await loggedInPage(e2e.browser, e2e.server.url);
    await first.goto(`${e2e.server.url}/uploads/new`);
    await field(first, 'Title').fill('Shared draft');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await first.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const address = first.url();

    const second = await first.context().newPage();
    await second.goto(address);
    await field(second, 'Publisher').fill('Second editor press');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await second.getByText('Record saved with validation feedback in').waitFor();

    await field(first, 'Version').fill('v2');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await first.getByText('This draft was changed elsewhere').waitFor();
    await first.getByRole('button', { name: 'Reload the latest version' }).click();
    await first.getByText('This draft was changed elsewhere').waitFor({ state: 'detached' });
    expect(await field(first, 'Version').inputValue()).toBe('v2');
    expect(await field(first, 'Publisher').inputValue()).toBe('Second editor press');
    await first.getByRole('button', { name: 'Save draft' }).click();
    await first.getByText('Record saved with validation feedback in').waitFor();
    const id = new URL(address).pathname.split('/').pop() ?? '';
    const draft = (await (
      await first.request.get(`${e2e.server.url}/api/records/${id}/draft`)
    ).json()) as {
      metadata: { publisher: string; version: string };
    };
    expect(draft.metadata).toMatchObject({ publisher: 'Second editor press', version: 'v2' });
    await first.context().close();
  });

  it('creates a new version of a published record and opens its draft', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'First version');
    await page.getByLabel('Metadata-only record').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.goto(`${e2e.server.url}/uploads/${id}`);
    await page.getByText('Your upload is published.').waitFor();
    await page.getByRole('button', { name: 'New version' }).click();
    await page.waitForURL(
      (url) =>
        /^\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/.test(url.pathname) && !url.pathname.endsWith(id),
    );
    await page.getByText('New version draft').first().waitFor();
    await page.context().close();
  });
});
