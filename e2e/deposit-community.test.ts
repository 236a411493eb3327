import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { field, fillRequired, loggedInPage } from './deposit.helpers.ts';
import { DESKTOP, PHONE } from './viewports.ts';

const e2e = useE2E();

async function csrf(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken');
  return { 'x-csrftoken': token?.value ?? '' };
}

async function myId(page: Page): Promise<string> {
  const me = (await (await page.request.get(`${e2e.server.url}/api/me`)).json()) as { id: string };
  return String(me.id);
}

/** A public community with carol as curator and alice as reader, made through the API. */
async function createCommunity(title: string, slug: string): Promise<string> {
  const admin = await loggedInPage(e2e.browser, e2e.server.url, 'admin@demo.arca');
  const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
  const alice = await loggedInPage(e2e.browser, e2e.server.url, 'alice@demo.arca');
  const headers = await csrf(admin);
  const created = await admin.request.post(`${e2e.server.url}/api/communities`, {
    headers,
    data: {
      slug,
      metadata: { title, description: 'Field measurements from the lab.' },
      access: { visibility: 'public', record_submission_policy: 'open', review_policy: 'closed' },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [page, role] of [
    [carol, 'curator'],
    [alice, 'reader'],
  ] as const) {
    const added = await admin.request.post(`${e2e.server.url}/api/communities/${id}/members`, {
      headers,
      data: { members: [{ type: 'user', id: await myId(page) }], role },
    });
    expect(added.status()).toBe(204);
  }
  for (const page of [admin, carol, alice]) await page.context().close();
  return id;
}

describe('the community parts of the deposit editor in the browser', () => {
  it('selects a community, submits for review; the draft is in review and the curator sees the request', async () => {
    const communityId = await createCommunity('Lakeshore Lab', 'lakeshore-lab');
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await fillRequired(page, 'Sediment cores of the lakeshore');
    await page.getByLabel('Metadata-only record').check();

    await page.getByRole('button', { name: 'Select a community' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a community' });
    await picker.getByRole('tab', { name: 'My communities' }).click();
    const item = picker.getByRole('listitem', { name: 'Lakeshore Lab' });
    await item.getByText('Reader').waitFor();
    await item.getByRole('button', { name: 'Select Lakeshore Lab' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Lakeshore Lab' }).waitFor();

    await page.getByRole('button', { name: 'Submit for review' }).click();
    const modal = page.getByRole('dialog', { name: 'Submit for review' });
    await modal.getByRole('button', { name: 'Submit record for review' }).click();
    expect(await modal.getByText('You must accept this.').count()).toBe(2);
    for (const box of await modal.getByRole('checkbox').all()) await box.check();
    await modal.getByRole('textbox').fill('Units are metres.');
    // The window crosses the phone breakpoint and back (a phone turned): the dialog
    // stays open with what was ticked and typed, though its button moved to the phone's bar.
    const bar = page.getByTestId('deposit-action-bar');
    await page.setViewportSize(PHONE);
    await bar.waitFor();
    await page.setViewportSize(DESKTOP);
    await bar.waitFor({ state: 'detached' });
    expect(await modal.getByRole('textbox').inputValue()).toBe('Units are metres.');
    for (const box of await modal.getByRole('checkbox').all()) {
      expect(await box.isChecked()).toBe(true);
    }
    await modal.getByRole('button', { name: 'Submit record for review' }).click();
    await page.waitForURL(/\/me\/requests\/[0-9a-f-]{36}$/);
    const requestId = new URL(page.url()).pathname.split('/').pop() ?? '';

    const request = (await (
      await page.request.get(`${e2e.server.url}/api/requests/${requestId}`)
    ).json()) as { status: string; receiver: { community: string }; topic: { record: string } };
    expect(request.status).toBe('submitted');
    expect(request.receiver.community).toBe(communityId);
    const draft = (await (
      await page.request.get(`${e2e.server.url}/api/records/${request.topic.record}/draft`)
    ).json()) as { status: string };
    expect(draft.status).toBe('in_review');

    // The editor shows it in review, with the way to cancel.
    await page.goto(`${e2e.server.url}/uploads/${request.topic.record}`);
    await page
      .getByText('Community curators will review your upload. Once accepted, it will be published.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Submit for review' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel review' }).waitFor();
    await page.context().close();

    // Carol, a curator of the community, can read the request and act on it.
    const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
    const seen = await carol.request.get(`${e2e.server.url}/api/requests/${requestId}`);
    expect(seen.status()).toBe(200);
    const body = (await seen.json()) as { links: { actions?: Record<string, string> } };
    expect(Object.keys(body.links.actions ?? {})).toEqual(
      expect.arrayContaining(['accept', 'decline']),
    );
    const drafts = await carol.request.get(
      `${e2e.server.url}/api/records/${request.topic.record}/draft`,
    );
    expect(drafts.status()).toBe(200);
    await carol.context().close();
  });

  it('offers back the community picked before a crash along with the typed values', async () => {
    const communityId = await createCommunity('Riverbank Lab', 'riverbank-lab');
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/uploads/new`);
    await field(page, 'Title').fill('Picked before the crash');
    await page.getByRole('button', { name: 'Select a community' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a community' });
    await picker.getByRole('tab', { name: 'My communities' }).click();
    await picker.getByRole('button', { name: 'Select Riverbank Lab' }).click();
    await picker.waitFor({ state: 'detached' });
    // The pick reaches the browser's storage shortly after it is made.
    await page.waitForFunction(() => {
      const stored = localStorage.getItem('arca.deposit.new') ?? '';
      return stored.includes('Picked before the crash') && stored.includes('riverbank-lab');
    });
    const context = page.context();
    await page.close({ runBeforeUnload: false });

    const again = await context.newPage();
    await again.goto(`${e2e.server.url}/uploads/new`);
    await again.getByText('Unsaved changes found').waitFor();
    await again.getByText('No community selected: the record is published on its own.').waitFor();
    await again.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await field(again, 'Title').inputValue()).toBe('Picked before the crash');
    await again.getByRole('link', { name: 'Riverbank Lab' }).waitFor();

    // Saving sends the draft to the restored community.
    await again.getByRole('button', { name: 'Save draft' }).click();
    await again.waitForURL(/\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const id = new URL(again.url()).pathname.split('/').pop() ?? '';
    await expect
      .poll(async () => {
        const draft = (await (
          await again.request.get(`${e2e.server.url}/api/records/${id}/draft`)
        ).json()) as { parent: { review?: { receiver: { community: string } } | null } };
        return draft.parent.review?.receiver.community;
      })
      .toBe(communityId);
    await context.close();
  });
});
