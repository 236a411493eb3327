import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` whose text has a link matching `pattern`, read as the admin does. */
async function linkFromOutbox(to: string, pattern: RegExp): Promise<string> {
  const admin = await loggedInPage(browser, server.url, 'admin@demo.arca');
  let seen: Mail[] = [];
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // Mail leaves through the job queue after the commit: run what is due now.
      await server.services.jobs.runDue();
      const answer = await admin.request.get(`${server.url}/api/admin/outbox?size=50`);
      expect(answer.status()).toBe(200);
      const body = (await answer.json()) as { hits: { hits: Mail[] } };
      seen = body.hits.hits;
      for (const mail of body.hits.hits) {
        const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
        if (match) return match[0];
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const summary = seen.map((mail) => `${mail.to}: ${mail.subject}\n${mail.text}`).join('\n---\n');
    throw new Error(`No mail to ${to} with ${String(pattern)} in:\n${summary}`);
  } finally {
    await admin.context().close();
  }
}

describe('access requests in the browser', () => {
  it('a guest asks, the owner accepts on the requests page, the mailed link opens the restricted file', async () => {
    const found = (await (
      await fetch(`${server.url}/api/records?q=${encodeURIComponent('"Interview transcripts"')}`)
    ).json()) as { hits: { hits: { id: string }[] } };
    const id = found.hits.hits[0]?.id ?? '';
    expect(id).not.toBe('');

    // The owner lets guests ask.
    const alice = await loggedInPage(browser, server.url);
    await alice.goto(`${server.url}/records/${id}`);
    await alice.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = alice.getByRole('dialog', { name: 'Share access' });
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByRole('switch', { name: /guests/ }).check({ force: true });
    await dialog.getByLabel('Conditions').fill('For research use only.');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByRole('button', { name: 'Saved' }).waitFor();

    // A guest asks, then confirms their e-mail address.
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${server.url}/records/${id}`);
    await guest.getByText('For research use only.').waitFor();
    await guest.getByRole('textbox', { name: 'Full name' }).fill('Grace Guest');
    await guest.getByRole('textbox', { name: 'E-mail' }).fill('grace@example.org');
    await guest.getByRole('textbox', { name: 'Message' }).fill('For my thesis, please.');
    await guest.getByRole('checkbox', { name: /I consent/ }).check();
    await guest.getByRole('button', { name: 'Request access' }).click();
    await guest.getByText('Request sent').waitFor();
    const confirm = await linkFromOutbox(
      'grace@example.org',
      /https?:\/\/\S+\/access\/requests\/confirm\?access_request_token=[^\s"<>]+/,
    );
    await guest.goto(confirm);
    await guest.waitForURL(/\/me\/requests\/[^?]+\?access_request_token=/);
    await guest.getByText('For my thesis, please.').waitFor();

    // The owner accepts from the requests page.
    await alice.goto(`${server.url}/me/requests`);
    await alice
      .getByRole('link', { name: /Interview transcripts/ })
      .first()
      .click();
    await alice.getByText('For my thesis, please.').waitFor();
    await alice.getByRole('button', { name: 'Accept' }).click();
    await alice.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

    // The guest's secret link opens the restricted file.
    const link = await linkFromOutbox(
      'grace@example.org',
      new RegExp(`https?://\\S+/records/${id}\\?token=[^\\s"<>]+`),
    );
    const visitor = await (await browser.newContext()).newPage();
    const before = await visitor.request.get(
      `${server.url}/api/records/${id}/files/README.txt/content`,
    );
    expect(before.status()).toBe(403);
    await visitor.goto(link);
    const after = await visitor.request.get(
      `${server.url}/api/records/${id}/files/README.txt/content`,
    );
    expect(after.status()).toBe(200);
    await visitor.context().close();
    await guest.context().close();
    await alice.context().close();
  });
});
