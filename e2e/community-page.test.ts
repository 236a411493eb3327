import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';

const e2e = useE2E();

/** The demo's submission to Demo Lab, waiting for carol. */
const SUBMISSION = 'River temperature logs, spring 2026';

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

describe('the community page in the browser', () => {
  it('a curator goes from the community page to its submission, discusses it, accepts it, and the record shows on the page', async () => {
    // A visitor sees the community, its web site, and no records yet.
    const visitor = await (await e2e.browser.newContext()).newPage();
    await visitor.goto(`${e2e.server.url}/communities/demo-lab`);
    await visitor.getByRole('heading', { level: 1, name: 'Demo Lab' }).waitFor();
    await visitor.getByText('Field data of the demo lab: soils, lakes and glaciers.').waitFor();
    await visitor.getByRole('link', { name: 'https://lab.demo.arca.example.org' }).waitFor();
    await visitor.getByText('0 results').waitFor();
    expect(await visitor.getByRole('link', { name: 'Requests' }).count()).toBe(0);
    await visitor.getByRole('link', { name: 'About' }).click();
    await visitor.getByText('Anyone with an account may submit records for review.').waitFor();

    // Carol, its curator, goes to the community's requests.
    const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
    await carol.goto(`${e2e.server.url}/communities/demo-lab`);
    await carol.getByRole('link', { name: 'Requests' }).click();
    await carol.waitForURL((address) => address.pathname === '/me/requests');
    await carol.getByText('Requests to').waitFor();
    await carol.getByRole('link', { name: SUBMISSION }).click();
    await carol.getByText('Ready for review, thank you!').waitFor();

    // She comments, corrects her comment, and alice replies.
    await carol.getByLabel('Comment', { exact: true }).fill('Which gauges are these?');
    await carol.getByRole('button', { name: 'Comment', exact: true }).click();
    const written = carol.getByTestId('timeline-comment').filter({ hasText: 'Which gauges' });
    await written.waitFor();
    // Held by its id: while it is edited, its text is in the box, not on the page.
    const comment = carol.locator(`[id="${await written.getAttribute('id')}"]`);
    await comment.getByRole('button', { name: 'Edit' }).click();
    const box = comment.getByRole('textbox', { name: 'Edit your comment' });
    await box.fill('Which three gauges are these?');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.getByText('Which three gauges are these?').waitFor();
    await comment.getByText('edited', { exact: false }).waitFor();
    const requestUrl = carol.url();

    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.goto(requestUrl);
    const asAlice = alice.getByTestId('timeline-comment').filter({ hasText: 'three gauges' });
    // Not hers: she may reply, not edit or delete.
    await asAlice.getByRole('button', { name: 'Reply' }).waitFor();
    expect(await asAlice.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await asAlice.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await asAlice.getByRole('button', { name: 'Reply' }).click();
    await alice.getByRole('textbox', { name: 'Your reply' }).fill('Upstream, town, delta.');
    await alice
      .locator('form')
      .filter({ has: alice.getByRole('textbox', { name: 'Your reply' }) })
      .getByRole('button', { name: 'Reply' })
      .click();
    await alice.getByText('Upstream, town, delta.').waitFor();

    // Carol sees the reply, and accepts.
    await carol.reload();
    await carol.getByText('Upstream, town, delta.').waitFor();
    await carol.getByRole('button', { name: 'Accept' }).click();
    // Accept asks first, in a dialog naming the action.
    await carol
      .getByRole('dialog', { name: 'Accept this request?' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await carol.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();

    // The record is on the community page now, and found by a search within it.
    await visitor.goto(`${e2e.server.url}/communities/demo-lab`);
    await results(visitor).getByRole('link', { name: SUBMISSION }).waitFor();
    const search = visitor.getByRole('search', { name: 'Search in this community' });
    await search.getByRole('searchbox').fill('glacier moraine');
    await search.getByRole('button', { name: 'Search' }).click();
    await visitor.getByText('0 results').waitFor();
    await search.getByRole('searchbox').fill('river');
    await search.getByRole('button', { name: 'Search' }).click();
    await visitor.waitForURL((address) => address.search === '?q=river');
    await results(visitor).getByRole('link', { name: SUBMISSION }).waitFor();

    // The record page's community links back to the community page.
    await results(visitor).getByRole('link', { name: SUBMISSION }).click();
    await visitor.getByRole('heading', { level: 1, name: SUBMISSION }).waitFor();
    await visitor
      .getByRole('region', { name: 'Communities' })
      .getByRole('link', { name: 'Demo Lab' })
      .click();
    await visitor.waitForURL((address) => address.pathname === '/communities/demo-lab');
    await visitor.getByRole('heading', { level: 1, name: 'Demo Lab' }).waitFor();

    for (const page of [visitor, carol, alice]) await page.context().close();
  });

  it('a restricted community is not found by outsiders, and shown to its members', async () => {
    const visitor = await (await e2e.browser.newContext()).newPage();
    await visitor.goto(`${e2e.server.url}/communities/alpine-archive`);
    await visitor.getByRole('heading', { name: 'Page not found' }).waitFor();
    const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await bob.goto(`${e2e.server.url}/communities/alpine-archive`);
    await bob.getByRole('heading', { name: 'Page not found' }).waitFor();

    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    await alice.goto(`${e2e.server.url}/me/communities`);
    await alice.getByRole('link', { name: 'Alpine Archive' }).click();
    await alice.waitForURL((address) => address.pathname === '/communities/alpine-archive');
    await alice.getByRole('heading', { level: 1, name: 'Alpine Archive' }).waitFor();
    await alice.getByText('Restricted', { exact: true }).first().waitFor();
    for (const page of [visitor, bob, alice]) await page.context().close();
  });
});
