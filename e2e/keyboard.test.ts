import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeDialog } from './audit.ts';
import { addCreator, api, field, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP } from './viewports.ts';

// The editor and the dialogs driven by the keyboard alone (the axe scans are in accessibility.test.ts).
const e2e = useE2E();
let alice: Page;
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  await alice.setViewportSize(DESKTOP);
});

/** A demo record's id, found through the API as a script would. */
async function recordId(query: string): Promise<string> {
  const response = await fetch(`${e2e.server.url}/api/records?q=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { hits: { hits: { id: string }[] } };
  return body.hits.hits[0]?.id ?? '';
}

/** Whether the element has the keyboard focus. */
async function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Whether the focus is inside the element. */
async function holdsFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(element.ownerDocument.activeElement));
}

async function creatorOrder(page: Page): Promise<(string | null)[]> {
  return page
    .getByTestId('creators-field')
    .getByRole('button', { name: /^Edit / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
}

describe('keyboard alone', () => {
  it('reorders creators by dragging with the keyboard and with the Move buttons', async () => {
    const page = alice;
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').fill('Reordered by keyboard');
    for (const [family, given] of [
      ['Curie', 'Marie'],
      ['Noether', 'Emmy'],
      ['Meitner', 'Lise'],
    ] as const) {
      await addCreator(page, family, given);
    }
    expect(await creatorOrder(page)).toEqual([
      'Edit Curie, Marie',
      'Edit Noether, Emmy',
      'Edit Meitner, Lise',
    ]);

    // The drag handle: Space picks up, an arrow moves, Space drops; each step is announced.
    const handle = page.getByRole('button', { name: 'Move Curie, Marie', exact: true });
    await handle.focus();
    await page.keyboard.press('Space');
    await page
      .getByText('Picked up Curie, Marie, in position 1 of 3.')
      .waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.getByText('Curie, Marie is now in position 2 of 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page
      .getByText('Curie, Marie was dropped in position 2 of 3.')
      .waitFor({ state: 'attached' });
    expect(await creatorOrder(page)).toEqual([
      'Edit Noether, Emmy',
      'Edit Curie, Marie',
      'Edit Meitner, Lise',
    ]);

    // The Move buttons: Enter moves the row, focus stays on the button, the move is announced.
    const up = page.getByRole('button', { name: 'Move Meitner, Lise up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByText('Meitner, Lise is now in position 1 of 3.').waitFor({ state: 'attached' });
    expect(await focused(up)).toBe(true);
    // At the top it stays focusable and does nothing.
    await page.keyboard.press('Enter');
    expect(await up.getAttribute('aria-disabled')).toBe('true');
    expect(await creatorOrder(page)).toEqual([
      'Edit Meitner, Lise',
      'Edit Noether, Emmy',
      'Edit Curie, Marie',
    ]);

    // The order is the one saved.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const draft = await api<{
      metadata: { creators: { person_or_org: { name: string } }[] };
    }>(page, 'GET', `${e2e.server.url}/api/records/${id}/draft`);
    expect(draft.metadata.creators.map((creator) => creator.person_or_org.name)).toEqual([
      'Meitner, Lise',
      'Noether, Emmy',
      'Curie, Marie',
    ]);
  });

  it('moves focus into a dialog, keeps it there, closes it with Escape and gives focus back', async () => {
    const page = alice;
    await page.goto(`${e2e.server.url}/uploads/new`);
    const add = page.getByRole('button', { name: 'Add creator' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add creator' });
    await dialog.waitFor();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);
    // Tab past the end of the dialog: focus wraps around inside it.
    for (let press = 0; press < 25; press += 1) await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(add)).toBe(true);

    // The other dialogs of the editor give focus back to their button too.
    for (const [button, name] of [
      ['Add contributor', 'Add contributor'],
      ['Add award', 'Add funding'],
      ['Add standard', 'Add standard license'],
      ['Add custom', 'Add custom license'],
      ['Select a community', 'Select a community'],
    ] as const) {
      const opener = page.getByRole('button', { name: button, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const opened = page.getByRole('dialog', { name, exact: true });
      await expect.poll(() => holdsFocus(opened)).toBe(true);
      await closeDialog(page, opened);
      await expect.poll(() => focused(opener), { message: name }).toBe(true);
    }

    // The share dialog, and the add-people dialog over it: Escape closes one at a time.
    await page.goto(`${e2e.server.url}/records/${await recordId('"Lake sediment cores"')}`);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    const shareDialog = page.getByRole('dialog', { name: 'Share access' });
    const addPeople = shareDialog.getByRole('button', { name: 'Add people' });
    await expect.poll(() => focused(addPeople)).toBe(true);
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add people' });
    await addDialog.waitFor();
    await page.keyboard.press('Escape');
    await addDialog.waitFor({ state: 'detached' });
    expect(await shareDialog.isVisible()).toBe(true);
    await expect.poll(() => focused(addPeople)).toBe(true);
    await page.keyboard.press('Escape');
    await shareDialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(share)).toBe(true);
  });

  it('reaches the upload button with Tab and chooses a file with Enter', async () => {
    const page = alice;
    await page.goto(`${e2e.server.url}/uploads/new`);
    const choose = page.getByRole('button', { name: 'Choose files' });
    await choose.waitFor();
    // Listening early: turning on the interception of file choosers takes a moment.
    const chooser = page.waitForEvent('filechooser');
    // Handled below; this keeps a failure in the loop from leaving it unhandled.
    chooser.catch(() => undefined);
    let presses = 0;
    while (!(await focused(choose))) {
      presses += 1;
      expect(presses, 'Tab presses before reaching "Choose files"').toBeLessThan(20);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({ name: 'keyboard.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await page
      .getByTestId('deposit-file')
      .filter({ hasText: 'keyboard.csv' })
      .filter({ hasText: 'Uploaded' })
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^1 of \d+ files/ })
      .waitFor();
  });
});
