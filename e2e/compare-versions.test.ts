import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();
let alice: Page;
let latest: string;

/** The API as the page's user, with the CSRF header the server wants on writes. */
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

async function upload(id: string, key: string, text: string) {
  const files = `/api/records/${id}/draft/files`;
  await api('POST', files, [{ key }]);
  await api('PUT', `${files}/${key}/content`, Buffer.from(text));
  await api('POST', `${files}/${key}/commit`);
}

// A CSV row longer than any phone is wide: the diff must wrap it.
const longRow = `B,${'0.27;'.repeat(60)}`;

/** A record of alice's with two versions whose CSV changed in one long row. */
beforeAll(async () => {
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  const draft = await api('POST', '/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: 'Moisture readings compared',
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } }],
      publisher: 'Arca',
      version: 'v1',
    },
    files: { enabled: true },
  });
  await upload(draft.id, 'readings.csv', `station,moisture\nA,0.31\n${longRow}\n`);
  await api('POST', `/api/records/${draft.id}/draft/actions/publish`);
  const next = await api('POST', `/api/records/${draft.id}/versions`);
  await upload(next.id, 'readings.csv', `station,moisture\nA,0.35\n${longRow}\n`);
  const saved = (await (
    await alice.request.get(`${e2e.server.url}/api/records/${next.id}/draft`)
  ).json()) as { metadata: Record<string, unknown> };
  await api('PUT', `/api/records/${next.id}/draft`, {
    metadata: { ...saved.metadata, version: 'v2' },
    files: { enabled: true },
  });
  latest = (await api('POST', `/api/records/${next.id}/draft/actions/publish`)).id;
});

describe('comparing versions', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens from the version list and shows what changed (${name})`, async () => {
      await alice.setViewportSize(viewport);
      await alice.goto(`${e2e.server.url}/records/${latest}`);
      await alice.getByRole('link', { name: 'Compare Version v1 with this version' }).click();
      await alice.waitForURL(new RegExp(`/records/${latest}/compare/`));
      await alice.getByRole('heading', { name: 'Compare versions' }).waitFor();
      expect(await alice.getByTestId('metadata-changes').textContent()).toContain(
        'Version changed from v1 to v2',
      );
      const lines = alice.getByRole('region', { name: 'Changed lines in readings.csv' });
      expect(await lines.locator('del').textContent()).toBe('- A,0.31');
      expect(await lines.locator('ins').textContent()).toBe('+ A,0.35');
      expect(await axeViolations(alice)).toEqual([]);
      expect(await sidewaysScroll(alice)).toBe('');
    });
  }
});
