import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { Audit, closeDialog } from './audit.ts';
import { field, loggedInPage } from './deposit.helpers.ts';
import { scanFixtures } from './accessibility.helpers.ts';
import { DESKTOP } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  await alice.setViewportSize(DESKTOP);
});
const { recordId, richDraft } = scanFixtures(e2e, () => alice);

// Each test scans many pages or dialogs, a few seconds each on a busy machine.
const SCANS_TIMEOUT = 180_000;

describe('axe scans (WCAG 2.1 AA) of the deposit editor and its dialogs', () => {
  it(
    'the deposit editor of a new upload and its dialogs',
    async () => {
      const audit = new Audit();
      const page = alice;
      await page.goto(`${e2e.server.url}/uploads/new`);
      await field(page, 'Title').waitFor();
      await audit.scan(page, 'new upload');

      await page.getByRole('button', { name: 'Add creator' }).click();
      const creator = await audit.scanDialog(page, 'Add creator');
      await creator.getByRole('button', { name: 'Save', exact: true }).click();
      await creator
        .getByText(/required/)
        .first()
        .waitFor();
      await audit.scan(page, 'dialog "Add creator" with errors', creator);
      await creator.getByText('Organization', { exact: true }).click();
      await creator.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
      await audit.scan(page, 'dialog "Add creator", an organisation', creator);
      await closeDialog(page, creator);

      await page.getByRole('button', { name: 'Add contributor' }).click();
      await closeDialog(page, await audit.scanDialog(page, 'Add contributor'));

      await page.getByRole('button', { name: 'Add award' }).click();
      await closeDialog(page, await audit.scanDialog(page, 'Add funding'));

      await page.getByRole('button', { name: 'Add standard' }).click();
      const standard = await audit.scanDialog(page, 'Add standard license');
      await standard
        .getByRole('radio', { name: 'Creative Commons Attribution 4.0 International' })
        .waitFor();
      await audit.scan(page, 'dialog "Add standard license" with licences', standard);
      await closeDialog(page, standard);
      await page.getByRole('button', { name: 'Add custom' }).click();
      const custom = await audit.scanDialog(page, 'Add custom license');
      await custom.getByRole('button', { name: 'Add license' }).click();
      await custom.getByText('Title is a required field.').waitFor();
      await audit.scan(page, 'dialog "Add custom license" with errors', custom);
      await closeDialog(page, custom);

      await page.getByRole('button', { name: 'Select a community' }).click();
      const communities = page.getByRole('dialog', { name: 'Select a community' });
      await communities.getByRole('button', { name: 'Select Demo Lab' }).waitFor();
      await audit.scan(page, 'dialog "Select a community"', communities);
      await closeDialog(page, communities);

      await page.getByLabel('Metadata-only record').check();
      await audit.scanDialogAtEachSize(page, 'Are you sure you want to publish this record?', () =>
        page.getByRole('button', { name: 'Publish', exact: true }).click(),
      );

      // A save with an invalid date: the editor with its feedback banner and field errors.
      await field(page, 'Title').fill('An upload with an error');
      await field(page, 'Publication date').fill('2026-13-45');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
      await page.getByText('Record saved with validation feedback in').waitFor();
      await audit.scan(page, 'new upload saved with errors');

      await audit.scanDialogAtEachSize(page, 'Delete this draft?', () =>
        page.getByRole('button', { name: 'Delete', exact: true }).click(),
      );
      audit.check();
    },
    SCANS_TIMEOUT,
  );

  it(
    'the deposit editor of a draft with files, creators and funding, and of a published record',
    async () => {
      const audit = new Audit();
      const page = alice;
      const id = await richDraft();
      await page.goto(`${e2e.server.url}/uploads/${id}`);
      await page.getByTestId('deposit-file').filter({ hasText: 'readings.csv' }).waitFor();
      await page.getByTestId('license-item').first().waitFor();
      await audit.scan(page, 'draft with everything');

      await page.getByRole('button', { name: 'Edit Carberry, Josiah' }).click();
      const creator = await audit.scanDialog(page, 'Edit creator');
      await closeDialog(page, creator);
      await page
        .getByRole('button', {
          name: 'Edit the license Creative Commons Attribution 4.0 International',
        })
        .click();
      await closeDialog(page, await audit.scanDialog(page, 'Change standard license'));
      await page
        .getByRole('button', { name: 'Edit the funding by Lake Geneva Foundation' })
        .click();
      await closeDialog(page, await audit.scanDialog(page, 'Change funding'));

      // Submitting to a community: the review dialog.
      await page.getByRole('button', { name: 'Select a community' }).click();
      const communities = page.getByRole('dialog', { name: 'Select a community' });
      await communities.getByRole('button', { name: 'Select Demo Lab' }).click();
      await communities.waitFor({ state: 'detached' });
      await audit.scanDialogAtEachSize(
        page,
        'Submit for review',
        () => page.getByRole('button', { name: 'Submit for review' }).click(),
        async (review, size) => {
          await review.getByRole('button', { name: 'Submit record for review' }).click();
          await review.getByText('You must accept this.').first().waitFor();
          await audit.scanAt(page, size, 'dialog "Submit for review" with errors', review);
        },
      );
      await audit.scan(page, 'draft with a community');

      // A published record opened for editing: discarding its changes.
      await page.goto(`${e2e.server.url}/uploads/${await recordId('"Lake sediment cores"')}`);
      await page.getByText('Your upload is published.').waitFor();
      await audit.scan(page, 'published record in the editor');
      await audit.scanDialogAtEachSize(page, 'Discard your changes?', () =>
        page.getByRole('button', { name: 'Discard changes' }).click(),
      );
      audit.check();
    },
    SCANS_TIMEOUT,
  );
});
