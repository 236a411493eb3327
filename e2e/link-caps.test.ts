import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { linkFromOutbox } from './outbox.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
let recordId: string;

/** The API as alice, with the CSRF header the server wants on writes. */
async function api(method: string, path: string, data?: unknown) {
  const cookies = await alice.context().cookies(e2e.server.url);
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const answer = await alice.request.fetch(`${e2e.server.url}${path}`, {
    method,
    headers: { 'X-CSRFToken': csrf },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as Record<string, unknown>;
}

/** A restricted record of alice's: only a link lets a visitor see it. */
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  const draft = await api('POST', '/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: 'Lichen survey, capped link',
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } }],
      publisher: 'Arca',
    },
    access: { record: 'restricted', files: 'restricted' },
    files: { enabled: false },
  });
  recordId = (await api('POST', `/api/records/${String(draft.id)}/draft/actions/publish`))
    .id as string;
});

describe('a secret link capped in the share dialog', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the owner caps a link at one use, a visitor uses it, the next is refused until the cap is raised (${name})`, async () => {
      await alice.setViewportSize(viewport);
      await alice.goto(`${e2e.server.url}/records/${recordId}`);
      await alice.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = alice.getByRole('dialog', { name: 'Share access' });
      await dialog.getByRole('tab', { name: /^Links/ }).click();
      const description = `Panel ${name}`;
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByLabel('Maximum uses').fill('1');
      await dialog.getByLabel('Mail me on first use').check();
      await dialog.getByRole('button', { name: 'Get a link' }).click();
      const row = dialog.getByTestId('link-row').filter({ hasText: description });
      await row.getByText('Not used yet').waitFor();
      await row.getByText('Maximum uses: 0 of 1').waitFor();
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');

      const links = await api('GET', `/api/records/${recordId}/access/links`);
      const hits = (links.hits as { hits: { description: string; token: string }[] }).hits;
      const token = hits.find((link) => link.description === description)!.token;
      const url = `${e2e.server.url}/records/${recordId}?token=${token}`;

      const visitor = await (await e2e.browser.newContext({ viewport })).newPage();
      await visitor.goto(url);
      await visitor.getByRole('heading', { name: 'Lichen survey, capped link' }).waitFor();
      await visitor.context().close();

      const late = await (await e2e.browser.newContext({ viewport })).newPage();
      // Refused: the page says why.
      await late.goto(url);
      await late
        .getByText('This link has reached its limit of uses and no longer gives access.')
        .waitFor();
      expect(await late.getByRole('heading', { name: 'Lichen survey, capped link' }).count()).toBe(
        0,
      );
      expect(await sidewaysScroll(late)).toBe('');
      await late.context().close();

      // The owner sees the use, the cap reached, and got the first-use mail.
      await alice.reload();
      await alice.getByRole('button', { name: 'Share', exact: true }).click();
      await dialog.getByRole('tab', { name: /^Links/ }).click();
      await row.getByText(/^Uses: 1 · Downloads: 0 · Visitors: about 1 · Last use: /).waitFor();
      await row.getByText('Limit reached').waitFor();
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');
      const mailed = await linkFromOutbox(e2e, 'alice@demo.arca', /\/records\/[a-z0-9-]+/);
      expect(mailed).toBe(`/records/${recordId}`);

      // Raising the cap lets the late visitor in.
      await row.getByRole('button', { name: `Limits of ${description}` }).click();
      const limits = alice.getByRole('dialog', { name: `Limits of ${description}` });
      await limits.getByLabel('Maximum uses').fill('2');
      await limits.getByRole('button', { name: 'Save limits' }).click();
      await row.getByText(/Maximum uses: 1 of 2/).waitFor();
      expect(await axeViolations(alice)).toEqual([]);
      const again = await (await e2e.browser.newContext({ viewport })).newPage();
      await again.goto(url);
      await again.getByRole('heading', { name: 'Lichen survey, capped link' }).waitFor();
      await again.context().close();
    });
  }
});
