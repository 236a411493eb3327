import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe-check.ts';
import { useE2E } from './server.ts';
import { loggedInPage } from './deposit.helpers.ts';
import { communityWithCurator, submitForReview } from './review.helpers.ts';

const e2e = useE2E();

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Bob's community with Carol as its curator (an owner's own submissions go straight in). */
async function labOfBob(slug: string): Promise<string> {
  const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
  const lab = await communityWithCurator(bob, e2e.server.url, slug, `Review lab ${slug}`, 'carol');
  await bob.context().close();
  return lab;
}

/** A draft of Alice's submitted to the lab; the id of its request. */
async function submitted(alice: Page, communityId: string, title: string): Promise<string> {
  const creator = { family_name: 'Archer', given_name: 'Alice' };
  return (await submitForReview(alice, e2e.server.url, communityId, title, creator)).requestId;
}

describe('a curator reviews a submission', () => {
  for (const viewport of VIEWPORTS) {
    it(`declines with a reason after confirming, and the uploader reads it (${viewport.name})`, async () => {
      const alice = await loggedInPage(e2e.browser, e2e.server.url);
      const slug = `review-${viewport.name}`;
      const lab = await labOfBob(slug);
      const requestId = await submitted(alice, lab, `Moss survey (${viewport.name})`);

      const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
      await carol.setViewportSize(viewport);
      await carol.goto(`${e2e.server.url}/me/requests/${requestId}`);
      await carol.getByText('Please review.').waitFor();
      expect(await axeViolations(carol)).toEqual([]);
      // The submitter by name (Alice's profile is not public), and the community linked.
      await carol.getByTestId('request-creator').filter({ hasText: 'Alice Archer' }).waitFor();
      const community = carol.getByRole('link', { name: `Review lab ${slug}` });
      expect(await community.getAttribute('href')).toBe(`/communities/${slug}`);
      expect(await carol.title()).toMatch(/^Moss survey/);

      // Clicked then typed at once, as people do.
      const box = carol.getByRole('textbox', { name: 'Comment' });
      await box.click();
      await box.pressSequentially('Out of scope for this lab: please try the soil community.');
      await carol.getByRole('button', { name: 'Decline' }).click();
      const dialog = carol.getByRole('dialog', { name: 'Decline this request?' });
      await dialog.getByText('Out of scope for this lab: please try the soil community.').waitFor();
      expect(await axeViolations(carol)).toEqual([]);
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await carol.getByTestId('request-status').filter({ hasText: 'Declined' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      // The reason is in the timeline, once, and the box is empty again.
      const reason = carol.getByText('Out of scope for this lab: please try the soil community.');
      await reason.waitFor();
      expect(await reason.count()).toBe(1);
      expect(await box.inputValue()).toBe('');
      expect(
        await carol.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
      ).toBe(true);

      // The uploader reads the reason on the request page.
      await alice.setViewportSize(viewport);
      await alice.goto(`${e2e.server.url}/me/requests/${requestId}`);
      await alice.getByText('Out of scope for this lab: please try the soil community.').waitFor();
      await alice.getByTestId('request-status').filter({ hasText: 'Declined' }).waitFor();
      for (const page of [carol, alice]) await page.context().close();
    });
  }

  it('a curator may not delete the submitted draft (403 from the server)', async () => {
    const alice = await loggedInPage(e2e.browser, e2e.server.url);
    const lab = await labOfBob('review-delete');
    await submitted(alice, lab, 'Not the curator’s to delete');
    const carol = await loggedInPage(e2e.browser, e2e.server.url, 'carol@demo.arca');
    const drafts = (await (
      await carol.request.get(
        `${e2e.server.url}/api/user/requests?receiver=community:${lab}&is_open=true`,
      )
    ).json()) as { hits: { hits: { topic: { record: string } }[] } };
    const draftId = drafts.hits.hits[0]?.topic.record ?? '';
    const cookies = await carol.context().cookies(e2e.server.url);
    const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const answer = await carol.request.delete(`${e2e.server.url}/api/records/${draftId}/draft`, {
      headers: { 'X-CSRFToken': csrf },
    });
    expect(answer.status()).toBe(403);
    for (const page of [carol, alice]) await page.context().close();
  });
});
