import { fullRecord } from '@arca/schema/records/fixtures';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { useE2E } from './server.ts';

// What the axe scans set up through the API, as a script would: demo records
// found by title, and a draft of alice's with every kind of metadata.

/** The helpers of one file's scans, over its server and alice's page. */
export function scanFixtures(e2e: ReturnType<typeof useE2E>, alicePage: () => Page) {
  /** A demo record's id, found through the API as a script would. */
  async function recordId(query: string): Promise<string> {
    const response = await fetch(`${e2e.server.url}/api/records?q=${encodeURIComponent(query)}`);
    const body = (await response.json()) as { hits: { hits: { id: string }[] } };
    return body.hits.hits[0]?.id ?? '';
  }

  /** The API as the page's user, with the CSRF header the server wants on writes. */
  async function api(page: Page, method: string, path: string, data?: unknown): Promise<unknown> {
    const cookies = await page.context().cookies(e2e.server.url);
    const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const answer = await page.request.fetch(`${e2e.server.url}${path}`, {
      method,
      headers: { 'X-CSRFToken': csrf },
      ...(data === undefined ? {} : { data }),
    });
    expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
    return answer.status() === 204 ? undefined : answer.json();
  }

  /** A draft of alice's with every kind of metadata (creators, licences, funding...) and a file. */
  async function richDraft(): Promise<string> {
    const draft = (await api(alicePage(), 'POST', '/api/records', {
      ...fullRecord,
      metadata: { ...fullRecord.metadata, title: 'Draft with everything' },
      pids: {},
    })) as { id: string };
    const files = `/api/records/${draft.id}/draft/files`;
    await api(alicePage(), 'POST', files, [{ key: 'readings.csv' }]);
    const cookies = await alicePage().context().cookies(e2e.server.url);
    const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const content = await alicePage().request.put(
      `${e2e.server.url}${files}/readings.csv/content`,
      {
        headers: { 'X-CSRFToken': csrf, 'Content-Type': 'application/octet-stream' },
        data: Buffer.from('station,moisture\nA,0.31\nB,0.27\n'),
      },
    );
    expect(content.ok(), await content.text()).toBe(true);
    await api(alicePage(), 'POST', `${files}/readings.csv/commit`);
    return draft.id;
  }

  return { recordId, api, richDraft };
}
