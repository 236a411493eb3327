import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
let recordId: string;

/** The API as alice, with the CSRF header the server wants on writes. */
async function api(method: string, path: string, data?: unknown): Promise<{ id: string }> {
  const cookies = await alice.context().cookies(e2e.server.url);
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const isBytes = Buffer.isBuffer(data);
  const answer = await alice.request.fetch(`${e2e.server.url}${path}`, {
    method,
    headers: {
      'X-CSRFToken': csrf,
      ...(isBytes ? { 'Content-Type': 'application/octet-stream' } : {}),
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as { id: string };
}

/** A public record of alice's whose file is restricted, shared with bob to view. */
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  const draft = await api('POST', '/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: 'Peat cores, who sees them',
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } }],
      publisher: 'Arca',
    },
    access: { record: 'public', files: 'restricted' },
    files: { enabled: true },
  });
  const files = `/api/records/${draft.id}/draft/files`;
  await api('POST', files, [{ key: 'cores.csv' }]);
  await api('PUT', `${files}/cores.csv/content`, Buffer.from('core,depth\nP1,0.4\n'));
  await api('POST', `${files}/cores.csv/commit`);
  recordId = (await api('POST', `/api/records/${draft.id}/draft/actions/publish`)).id;
  const bob = (await (
    await alice.request.get(`${e2e.server.url}/api/users?suggest=Bob`)
  ).json()) as { hits: { hits: { id: string }[] } };
  await api('POST', `/api/records/${recordId}/access/grants`, {
    grants: [
      { subject: { type: 'user', id: bob.hits.hits[0]!.id }, permission: 'view', notify: false },
    ],
  });
});

describe('who can see this, and view as', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the owner checks a person, sees the rule, and views the record as the public (${name})`, async () => {
      await alice.setViewportSize(viewport);
      await alice.goto(`${e2e.server.url}/records/${recordId}`);
      await alice.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = alice.getByRole('dialog', { name: 'Share access' });
      await dialog.getByRole('tab', { name: 'Who can see this' }).click();

      // The list: every subject with the rule that grants it.
      const list = dialog.getByTestId('who-can-see');
      const bobRow = list.locator('[data-subject="user"]').filter({ hasText: 'Bob Baker' });
      await bobRow.waitFor();
      // Bob reads the files by his grant; the record itself, as anyone, by its being public.
      expect(await bobRow.locator('[data-action="preview"]').textContent()).toBe(
        'Can preview: grant (Can view)',
      );
      const publicRow = list.locator('[data-subject="public"]');
      expect(await publicRow.locator('[data-action="view"]').textContent()).toBe(
        'Can view: public record',
      );

      // Check a person: bob, found with the share dialog's search.
      await dialog.getByLabel('Search people by name').fill('Bob');
      await dialog.getByRole('button', { name: 'Bob Baker' }).click();
      const result = dialog.getByTestId('check-result');
      await result.getByText('What Bob Baker may do').waitFor();
      expect(await result.locator('[data-action="view"]').textContent()).toBe(
        'Can view: public record; grant (Can view)',
      );
      expect(await result.locator('[data-action="manage"]').getAttribute('data-allowed')).toBe(
        'false',
      );

      // The public: may see the record, not its files, and says why.
      await dialog.getByRole('button', { name: 'The public', exact: true }).click();
      await result.getByText('What the public may do').waitFor();
      expect(await result.locator('[data-action="preview"]').textContent()).toBe(
        'Can preview: not allowed; restricted',
      );
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');

      await result.getByRole('link', { name: 'View as the public' }).click();
      await alice.waitForURL(new RegExp(`/records/${recordId}/view-as\\?user=public$`));
      await alice.getByTestId('view-as-banner').waitFor();
      await alice.getByRole('heading', { name: 'Peat cores, who sees them' }).waitFor();
      await alice
        .getByText('The files of this record are restricted: you do not have access to them.')
        .waitFor();
      // Read-only: none of the record page's actions, and no file names.
      expect(await alice.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
      expect(await alice.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await alice.getByText('cores.csv').count()).toBe(0);
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');
    });
  }
});
