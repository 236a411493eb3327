import { describe, expect, it } from 'vitest';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { communityWithCurator, submitForReview } from './review.helpers.ts';
import { linkFromOutbox } from './outbox.helpers.ts';

const e2e = useE2E();
const BOB = { family_name: 'Baker', given_name: 'Bob' };

describe('requests in the browser', () => {
  it('a guest asks, the owner accepts on the requests page, the mailed link opens the restricted file', async () => {
    const found = (await (
      await fetch(
        `${e2e.server.url}/api/records?q=${encodeURIComponent('"Interview transcripts"')}`,
      )
    ).json()) as { hits: { hits: { id: string }[] } };
    const id = found.hits.hits[0]?.id ?? '';
    expect(id).not.toBe('');

    // The owner lets guests ask.
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.goto(`${e2e.server.url}/records/${id}`);
    await alice.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = alice.getByRole('dialog', { name: 'Share access' });
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await dialog.getByRole('switch', { name: /guests/ }).check({ force: true });
    await dialog.getByLabel('Conditions').fill('For research use only.');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByRole('button', { name: 'Saved' }).waitFor();

    // A guest asks, then confirms their e-mail address.
    const guest = await (await e2e.browser.newContext()).newPage();
    await guest.goto(`${e2e.server.url}/records/${id}`);
    await guest.getByText('For research use only.').waitFor();
    await guest.getByRole('textbox', { name: 'Full name' }).fill('Grace Guest');
    await guest.getByRole('textbox', { name: 'E-mail' }).fill('grace@example.org');
    await guest.getByRole('textbox', { name: 'Message' }).fill('For my thesis, please.');
    await guest.getByRole('checkbox', { name: /I consent/ }).check();
    await guest.getByRole('button', { name: 'Request access' }).click();
    await guest.getByText('Request sent').waitFor();
    const confirm = await linkFromOutbox(
      e2e,
      'grace@example.org',
      /https?:\/\/\S+\/access\/requests\/confirm\?access_request_token=[^\s"<>]+/,
    );
    await guest.goto(confirm);
    await guest.waitForURL(/\/me\/requests\/[^?]+\?access_request_token=/);
    await guest.getByText('For my thesis, please.').waitFor();

    // The owner accepts from the requests page.
    await alice.goto(`${e2e.server.url}/me/requests`);
    await alice
      .getByRole('link', { name: /Interview transcripts/ })
      .first()
      .click();
    await alice.getByText('For my thesis, please.').waitFor();
    await alice.getByRole('button', { name: 'Accept' }).click();
    // Accept asks first, in a dialog naming the action.
    await alice
      .getByRole('dialog', { name: 'Accept this request?' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await alice.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

    // The guest's secret link opens the restricted file.
    const link = await linkFromOutbox(
      e2e,
      'grace@example.org',
      new RegExp(`https?://\\S+/records/${id}\\?token=[^\\s"<>]+`),
    );
    const visitor = await (await e2e.browser.newContext()).newPage();
    const before = await visitor.request.get(
      `${e2e.server.url}/api/records/${id}/files/README.txt/content`,
    );
    expect(before.status()).toBe(403);
    await visitor.goto(link);
    const after = await visitor.request.get(
      `${e2e.server.url}/api/records/${id}/files/README.txt/content`,
    );
    expect(after.status()).toBe(200);
    await visitor.context().close();
    await guest.context().close();
    await alice.context().close();
  });

  it('a curator accepts a community submission from the requests page', async () => {
    // A community of its own, so the demo's submissions do not change what this test sees.
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    const lab = await communityWithCurator(
      alice,
      e2e.server.url,
      'share-e2e-lab',
      'Share e2e lab',
      'carol',
    );
    const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    const { draftId: id } = await submitForReview(
      bob,
      e2e.server.url,
      lab,
      'Moss cover survey for the lab',
      BOB,
    );

    const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
    await carol.goto(`${e2e.server.url}/me/requests`);
    await carol.getByRole('link', { name: 'Moss cover survey for the lab' }).click();
    await carol.getByText('Community submission').first().waitFor();
    await carol.getByText('Please review.').waitFor();
    await carol.getByRole('button', { name: 'Accept' }).click();
    // Accept asks first, in a dialog naming the action.
    await carol
      .getByRole('dialog', { name: 'Accept this request?' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await carol.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

    const published = await fetch(`${e2e.server.url}/api/records/${id}`);
    expect(published.status).toBe(200);
    for (const page of [carol, bob, alice]) await page.context().close();
  });
});
