import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, cutOff, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
let recordId: string;

/** The API as alice, with the CSRF header the server wants on writes. */
async function api(method: string, path: string, data?: unknown) {
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
  return (await answer.json()) as Record<string, unknown>;
}

/** A restricted record of alice's with one file: only a link lets a visitor in. */
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  const draft = await api('POST', '/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: 'Moss transects, audited link',
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } }],
      publisher: 'Arca',
    },
    access: { record: 'restricted', files: 'restricted' },
    files: { enabled: true },
  });
  const files = `/api/records/${String(draft.id)}/draft/files`;
  await api('POST', files, [{ key: 'transects.csv' }]);
  await api('PUT', `${files}/transects.csv/content`, Buffer.from('plot,cover\nT1,0.3\n'));
  await api('POST', `${files}/transects.csv/commit`);
  recordId = (await api('POST', `/api/records/${String(draft.id)}/draft/actions/publish`))
    .id as string;
});

/**
 * A visitor in a browser of its own opens the record through the link, and may
 * download its file (the page may preview it too: more downloads, same visitor).
 */
async function visit(token: string, userAgent: string, download: boolean) {
  const context = await e2e.browser.newContext({ userAgent });
  const visitor = await context.newPage();
  await visitor.goto(`${e2e.server.url}/records/${recordId}?token=${token}`);
  await visitor.getByRole('heading', { name: 'Moss transects, audited link' }).waitFor();
  if (download) {
    const file = `${e2e.server.url}/api/records/${recordId}/files/transects.csv/content`;
    expect((await visitor.request.get(`${file}?token=${token}`)).status()).toBe(200);
  }
  await context.close();
}

describe("a secret link's list of uses in the share dialog", () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the owner opens the uses of a link two visitors used (${name})`, async () => {
      const description = `Field team ${name}`;
      const link = await api('POST', `/api/records/${recordId}/access/links`, {
        permission: 'view',
        description,
      });
      await visit(String(link.token), `Visitor one (${name})`, true);
      await visit(String(link.token), `Visitor two (${name})`, false);

      await alice.setViewportSize(viewport);
      await alice.goto(`${e2e.server.url}/records/${recordId}`);
      await alice.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = alice.getByRole('dialog', { name: 'Share access' });
      await dialog.getByRole('tab', { name: /^Links/ }).click();
      const row = dialog.getByTestId('link-row').filter({ hasText: description });
      await row.getByText(/^Uses: \d+ · Downloads: \d+ · Visitors: about 2 · Last use: /).waitFor();
      await row.getByRole('button', { name: `Show uses of ${description}` }).click();

      const uses = alice.getByRole('dialog', { name: `Uses of ${description}` });
      await uses
        .getByTestId('link-uses-summary')
        .getByText(/^Uses: \d+ · Downloads: \d+ · Visitors: about 2 · Last use: /)
        .waitFor();
      const list = uses.getByRole('list', { name: 'Uses, newest first' });
      await list.getByText('Version 1 · Downloaded transects.csv · Visitor 1').first().waitFor();
      await list.getByText('Version 1 · Record opened · Visitor 2').first().waitFor();
      // Each visitor by a short number, never by the hash the server keeps.
      const texts = await list.getByRole('listitem').allTextContents();
      expect(texts.every((text) => /Visitor [12]$/.test(text))).toBe(true);
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');
      expect(await cutOff(uses)).toEqual([]);

      // Escape closes the list only: the share dialog stays.
      await alice.keyboard.press('Escape');
      await uses.waitFor({ state: 'hidden' });
      await dialog.getByRole('tab', { name: /^Links/ }).waitFor();
      expect(await axeViolations(alice)).toEqual([]);
      await alice.keyboard.press('Escape');
      // Two visitors' browsers and two axe scans: more than the default minute on a busy machine.
    }, 150_000);
  }
});
