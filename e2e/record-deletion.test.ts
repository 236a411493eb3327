import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

/** The API as the page's user, with the CSRF header the server wants on writes. */
async function post(page: Page, path: string, data?: unknown) {
  const cookies = await page.context().cookies(e2e.server.url);
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const answer = await page.request.post(`${e2e.server.url}${path}`, {
    headers: { 'X-CSRFToken': csrf },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as { id: string };
}

describe('deleting a record', () => {
  it('its owner deletes a fresh record: the page shows the tombstone; an administrator restores it', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    const title = 'Uploaded by mistake';
    const draft = await post(alice, '/api/records', {
      metadata: {
        resource_type: { id: 'dataset' },
        title,
        publication_date: '2026-01-15',
        creators: [{ person_or_org: { type: 'personal', family_name: 'Archer', given_name: 'A' } }],
        publisher: 'Arca',
      },
      files: { enabled: false },
    });
    await post(alice, `/api/records/${draft.id}/draft/actions/publish`);

    await alice.goto(`${e2e.server.url}/records/${draft.id}`);
    await alice.getByRole('heading', { level: 1, name: title }).waitFor();
    await alice.getByRole('button', { name: 'Request deletion' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Request deletion' });
    await dialog.getByText(/it will be deleted at once/).waitFor();
    await dialog.getByLabel('Reason').click();
    await alice.getByRole('option', { name: 'Test record' }).click();
    await dialog.getByLabel('Note').fill('A test upload.');
    await dialog.getByRole('button', { name: 'Request deletion' }).click();

    await alice.getByRole('heading', { level: 1, name: 'Deleted record' }).waitFor();
    await alice.getByText('A test upload.').waitFor();
    expect(await alice.getByRole('button', { name: 'Restore record' }).count()).toBe(0);
    const gone = await alice.request.get(`${e2e.server.url}/api/records/${draft.id}`);
    expect(gone.status()).toBe(410);

    const admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
    await admin.goto(`${e2e.server.url}/records/${draft.id}`);
    await admin.getByRole('heading', { level: 1, name: 'Deleted record' }).waitFor();
    await admin.getByRole('button', { name: 'Restore record' }).click();
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    const back = await admin.request.get(`${e2e.server.url}/api/records/${draft.id}`);
    expect(back.status()).toBe(200);
    await alice.context().close();
    await admin.context().close();
  });
});
