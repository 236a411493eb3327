import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, field, fillRequired, loggedInPage, sidewaysOverflow } from './deposit.helpers.ts';
import { useE2E } from './server.ts';

const e2e = useE2E();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Draft {
  id: string;
}

const metadata = (title: string) => ({
  resource_type: { id: 'dataset' },
  title,
  publication_date: '2026-01-15',
  creators: [{ person_or_org: { type: 'personal', family_name: 'Curie', given_name: 'Marie' } }],
  // A managed DOI is registered on publication, and registration needs a publisher.
  publisher: 'Arca',
});

/** A record published with a DOI managed here, and the draft of its new version. */
async function newVersionAfterManagedDoi(page: Page, title: string): Promise<string> {
  const base = `${e2e.server.url}/api/records`;
  const draft = await api<Draft>(page, 'POST', base, {
    metadata: metadata(title),
    files: { enabled: false },
  });
  await api(page, 'POST', `${base}/${draft.id}/draft/pids/doi`);
  await api(page, 'POST', `${base}/${draft.id}/draft/actions/publish`);
  const next = await api<Draft>(page, 'POST', `${base}/${draft.id}/versions`);
  return next.id;
}

async function sized(viewport: { width: number; height: number }): Promise<Page> {
  const page = await loggedInPage(e2e.browser, e2e.server.url);
  await page.setViewportSize(viewport);
  page.setDefaultTimeout(15_000);
  return page;
}

const publishButton = (page: Page) => page.getByRole('button', { name: 'Publish', exact: true });

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the deposit editor on a %s', (_name, viewport) => {
  it('says at the DOI field why a new version cannot be published without a DOI, and offers no "No DOI"', async () => {
    const page = await sized(viewport);
    const id = await newVersionAfterManagedDoi(page, `DOI rule ${viewport.width}`);
    await page.goto(`${e2e.server.url}/uploads/${id}`);
    const question = page.getByRole('radiogroup', {
      name: 'Do you already have a DOI for this upload?',
    });
    await question.getByRole('radio', { name: 'No, reserve one for me' }).waitFor();
    expect(await page.getByRole('radio', { name: "No, I don't need a DOI" }).count()).toBe(0);
    await publishButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    const message = 'DOI is needed. You need to reserve a DOI before publishing.';
    // The message sits with the DOI question, not only in the banner.
    const wrapper = page.locator('.mantine-InputWrapper-root', { has: question });
    await wrapper.getByText(message).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('keeps Publish disabled while a file is uploading', async () => {
    const page = await sized(viewport);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, `Upload wait ${viewport.width}`);
    const choose = (name: string) =>
      page.getByLabel('Choose files').setInputFiles({
        name,
        mimeType: 'text/csv',
        buffer: Buffer.from('a,b\n1,2\n'),
      });
    const uploaded = (name: string) =>
      page
        .getByTestId('deposit-file')
        .filter({ hasText: name })
        .filter({ hasText: 'Uploaded' })
        .waitFor({ timeout: 30_000 });
    await choose('first.csv');
    await uploaded('first.csv');
    await expect.poll(() => publishButton(page).isEnabled()).toBe(true);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/draft\/files\/slow\.csv\/content(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await choose('slow.csv');
    await page.getByTestId('deposit-upload').filter({ hasText: 'slow.csv' }).waitFor();
    await expect.poll(() => publishButton(page).isDisabled()).toBe(true);
    // Still disabled a moment later: held back by the upload, not by a passing render.
    await page.waitForTimeout(500);
    expect(await publishButton(page).isDisabled()).toBe(true);
    release();
    await uploaded('slow.csv');
    await expect.poll(() => publishButton(page).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('edits a published record offering only what the server allows', async () => {
    const page = await sized(viewport);
    const base = `${e2e.server.url}/api/records`;
    const draft = await api<Draft>(page, 'POST', base, {
      metadata: metadata(`Published edit ${viewport.width}`),
      files: { enabled: false },
    });
    await api(page, 'POST', `${base}/${draft.id}/draft/pids/doi`);
    await api(page, 'POST', `${base}/${draft.id}/draft/actions/publish`);
    await page.goto(`${e2e.server.url}/uploads/${draft.id}`);
    await page.getByText('This DOI is registered and cannot be discarded.').waitFor();
    expect(await page.getByRole('button', { name: 'Discard the DOI' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it('removes no files of a published version, and says why', async () => {
    const page = await sized(viewport);
    // The demo's first record, with four files.
    const found = await api<{ hits: { hits: { id: string }[] } }>(
      page,
      'GET',
      `${e2e.server.url}/api/records?q=${encodeURIComponent('"Soil moisture, Lake Geneva basin 2025"')}`,
    );
    const id = found.hits.hits[0]?.id ?? '';
    await page.goto(`${e2e.server.url}/uploads/${id}`);
    await page.getByTestId('deposit-file').first().waitFor();
    const reason =
      'Files of a published version cannot be changed. Create a new version to change them.';
    await page.getByRole('region', { name: 'Files' }).getByText(reason).waitFor();
    // Nor does it become metadata-only: the toggle is off, with the same reason.
    const metadataOnly = page.getByRole('checkbox', { name: 'Metadata-only record' });
    expect(await metadataOnly.isDisabled()).toBe(true);
    expect(await metadataOnly.getAttribute('aria-describedby')).toBeTruthy();
    const described = await metadataOnly.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(reason);
    expect(await page.getByRole('button', { name: 'Remove readings.csv' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Choose files' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('the deposit editor on a phone', () => {
  it('keeps Save draft and Publish on screen from the top of the form to its end, covering no field', async () => {
    const page = await sized(PHONE);
    await page.goto(`${e2e.server.url}/uploads/new`);
    const save = page.getByRole('button', { name: 'Save draft' });
    await save.waitFor();
    expect(await save.isVisible()).toBe(true);
    const inViewport = async () => {
      const box = await save.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inViewport()).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('heading', { name: 'Funding' }).scrollIntoViewIfNeeded();
    expect(await inViewport()).toBe(true);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    expect(await inViewport()).toBe(true);
    expect(await publishButton(page).isVisible()).toBe(true);
    // At the end the bar rests below the form's last part instead of over it.
    const clear = await page.evaluate(`(() => {
      const bar = document.querySelector('[data-testid="deposit-action-bar"]');
      const before = bar.previousElementSibling.getBoundingClientRect();
      return before.bottom <= bar.getBoundingClientRect().top + 1;
    })()`);
    expect(clear).toBe(true);
    // The narrowest phones we serve.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

/** The open dialog, once Mantine's opening transition has ended. */
async function openDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  await page.waitForTimeout(300);
  return dialog;
}

/** Resizes the window and lets the layout (and any transition) settle. */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(400);
}

describe('a confirmation in the deposit editor when the window crosses the phone breakpoint', () => {
  it('stays open from desktop to phone, and publishes', async () => {
    const page = await sized(DESKTOP);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Turned while publishing');
    await page.getByLabel('Metadata-only record').check();
    await publishButton(page).click();
    const dialog = await openDialog(page, 'Are you sure you want to publish this record?');
    await resize(page, PHONE);
    expect(await dialog.isVisible()).toBe(true);
    // The phone's action bar is there behind it: the layout did switch.
    expect(await page.getByTestId('deposit-action-bar').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.waitForURL(/\/records\/[^/?]+$/);
    await page.context().close();
  });

  it('stays open from phone to desktop, and cancels', async () => {
    const page = await sized(PHONE);
    const draft = await api<Draft>(page, 'POST', `${e2e.server.url}/api/records`, {
      metadata: metadata('Turned while deleting'),
      files: { enabled: false },
    });
    await page.goto(`${e2e.server.url}/uploads/${draft.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = await openDialog(page, 'Delete this draft?');
    await resize(page, DESKTOP);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByTestId('deposit-action-bar').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/uploads/${draft.id}`);
    await page.context().close();
  });
});

describe('server messages in the deposit editor after a language switch', () => {
  it('shows the field error of a refused publish in the language switched to', async () => {
    // A user of its own: the language chosen is saved to the account.
    const page = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Soon without a title');
    await field(page, 'Title').fill('');
    await page.getByLabel('Metadata-only record').check();
    await publishButton(page).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const at = (label: string) =>
      page.locator('.mantine-InputWrapper-root', { has: field(page, label) });
    await at('Title').getByText('Missing data for required field.').waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch', exact: true }).click();
    await at('Titel').getByText('Für dieses Pflichtfeld fehlen Daten.').waitFor();
    expect(await page.getByText('Missing data for required field.').count()).toBe(0);

    await page.getByRole('banner').getByRole('button', { name: 'Sprache' }).click();
    await page.getByRole('menuitem', { name: 'English', exact: true }).click();
    await at('Title').getByText('Missing data for required field.').waitFor();
    await page.context().close();
  });
});
