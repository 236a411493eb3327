import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Audit } from './audit.ts';
import { api, loggedInPage, sidewaysOverflow } from './deposit.helpers.ts';
import { linkFromOutbox } from './outbox.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE } from './viewports.ts';

// Issue 24: a depositor asks for more space and an administrator accepts; groups are
// renamed, deleted and given members through the user picker. One server for the file.
const e2e = useE2E();
let alice: Page;
let admin: Page;
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
});

/** The page fits the window sideways at the phone size and at the desktop size. */
async function fitsBothSizes(page: Page, label: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await sidewaysOverflow(page), `${label} at ${size.width}`).toBeLessThanOrEqual(0);
  }
}

describe('asking for more space', () => {
  it(
    'the owner asks in the editor, an administrator accepts, the editor shows the new limit',
    {
      timeout: 180_000,
    },
    async () => {
      const audit = new Audit();
      const title = 'Telescope raw frames 2026';
      const draft = await api<{ id: string }>(alice, 'POST', `${e2e.server.url}/api/records`, {
        metadata: { title },
        files: { enabled: true },
      });
      const quota = alice.getByTestId('files-quota');
      await alice.goto(`${e2e.server.url}/uploads/${draft.id}`);
      await quota.filter({ hasText: '10 GB left' }).waitFor();
      await alice.getByTestId('my-storage').waitFor();
      await fitsBothSizes(alice, 'editor with its quota');

      // On the phone: the form in its dialog.
      await alice.setViewportSize(PHONE);
      await alice.getByRole('button', { name: 'Ask for more space' }).click();
      const dialog = alice.getByRole('dialog', { name: 'Ask for more space' });
      await dialog.getByRole('radio', { name: /This upload/ }).check();
      await dialog.getByRole('textbox', { name: /New limit in GB/ }).fill('25');
      await dialog
        .getByRole('textbox', { name: /Why do you need more space/ })
        .fill('Forty nights of raw frames.');
      expect(await sidewaysOverflow(alice), 'ask form on a phone').toBeLessThanOrEqual(0);
      await audit.scanAt(alice, PHONE, 'ask for more space', dialog);
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.waitFor({ state: 'detached' });
      await alice.getByText('You asked for more space for this upload.').waitFor();
      await alice.setViewportSize(DESKTOP);

      // The administrator finds it in their requests and accepts it.
      await admin.goto(`${e2e.server.url}/me/requests`);
      await admin
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click();
      await admin.getByTestId('quota-increase-asked').filter({ hasText: '25 GB' }).waitFor();
      await admin.getByText('Forty nights of raw frames.').waitFor();
      await fitsBothSizes(admin, 'quota request page');
      await audit.scan(admin, 'quota request page');
      await admin.getByRole('button', { name: 'Accept' }).click();
      await admin
        .getByRole('dialog', { name: 'Accept this request?' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await admin.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

      // The owner is told, and the editor shows the raised limit.
      const link = await linkFromOutbox(
        e2e,
        'alice@demo.arca',
        /https?:\/\/\S+\/me\/requests\/\S+/,
      );
      expect(link).toContain('/me/requests/');
      await alice.reload();
      await quota.filter({ hasText: '25 GB left' }).waitFor();
      await alice.getByRole('button', { name: 'Ask for more space' }).waitFor();
      expect(await alice.getByText('You asked for more space for this upload.').count()).toBe(0);

      // My uploads: my storage, and what this record's files take.
      await alice.goto(`${e2e.server.url}/me/uploads`);
      await alice.getByTestId('my-storage').waitFor();
      await alice
        .getByRole('article', { name: title })
        .getByTestId('record-storage')
        .filter({ hasText: 'Files: 0 bytes stored' })
        .waitFor();
      await fitsBothSizes(alice, 'my uploads');
      audit.check();
    },
  );
});

describe('groups in the admin area', () => {
  it(
    'an administrator renames a group, adds a member through the picker and deletes it',
    {
      timeout: 120_000,
    },
    async () => {
      const audit = new Audit();
      await admin.goto(`${e2e.server.url}/admin/groups`);
      await admin.getByRole('heading', { name: 'Groups', level: 2 }).waitFor();
      await admin.getByRole('textbox', { name: 'Group name' }).fill('telescope-team');
      await admin.getByRole('button', { name: 'Create group' }).click();
      await admin.getByRole('button', { name: 'Rename telescope-team' }).click();
      const rename = admin.getByRole('dialog', { name: 'Rename' });
      await audit.scan(admin, 'rename group', rename);
      await rename.getByRole('textbox', { name: /Group title/ }).fill('Telescope team');
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.waitFor({ state: 'detached' });
      const row = admin.getByRole('row').filter({ hasText: 'Telescope team' });
      await row.waitFor();

      await row.getByRole('button', { name: 'Members' }).click();
      await admin.setViewportSize(PHONE);
      await admin.getByPlaceholder('Search by name or e-mail').fill('bob');
      await admin.getByRole('option', { name: /Bob Baker/ }).click();
      expect(await sidewaysOverflow(admin), 'member picker on a phone').toBeLessThanOrEqual(0);
      await admin.getByRole('button', { name: 'Add member' }).click();
      await admin.getByText(/Bob Baker \(\d+\)/).waitFor();
      await fitsBothSizes(admin, 'group members');
      await audit.scan(admin, 'group members');

      await admin.getByRole('button', { name: 'Delete Telescope team' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Delete' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      const groups = await api<{ hits: { hits: { id: string }[] } }>(
        admin,
        'GET',
        `${e2e.server.url}/api/groups?q=telescope`,
      );
      expect(groups.hits.hits.map((group) => group.id)).not.toContain('telescope-team');
      audit.check();
    },
  );
});
