import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe-check.ts';
import { api, loggedInPage } from './deposit.helpers.ts';
import { communityWithCurator } from './review.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();

interface Created {
  id: string;
}

describe('a published record joins a community', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the owner submits it from the record page and a curator accepts (${name})`, async () => {
      const base = e2e.server.url;
      const title = `Inclusion lab ${name}`;
      const bob = await loggedInPage(e2e.browser, base, 'bob@demo.arca');
      await communityWithCurator(bob, base, `inclusion-${name}`, title, 'carol');
      await bob.context().close();

      // Alice's record, published on its own.
      const alice = await loggedInPage(e2e.browser, base);
      const draft = await api<Created>(alice, 'POST', `${base}/api/records`, {
        metadata: {
          resource_type: { id: 'dataset' },
          title: `Lichen cover (${name})`,
          publication_date: '2026-04-01',
          creators: [
            { person_or_org: { type: 'personal', family_name: 'Archer', given_name: 'Alice' } },
          ],
        },
        files: { enabled: false },
      });
      await api(alice, 'POST', `${base}/api/records/${draft.id}/draft/actions/publish`);

      await alice.setViewportSize(viewport);
      await alice.goto(`${base}/records/${draft.id}`);
      const box = alice.getByRole('region', { name: 'Communities' });
      await box.getByText('This record is not part of any community yet.').waitFor();
      await box.getByRole('button', { name: 'Submit to community' }).click();
      const dialog = alice.getByRole('dialog', { name: 'Submit to a community' });
      await dialog.getByRole('searchbox', { name: 'Search communities' }).fill(title);
      await dialog.getByRole('button', { name: `Submit to ${title}` }).click();
      await alice.getByText(`Sent to ${title}: its curators will review the request.`).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The request waits in the box, with a link to it.
      const pending = box.getByTestId('pending-inclusions');
      await pending.getByText(title).waitFor();
      const link = pending
        .getByRole('listitem')
        .filter({ hasText: title })
        .getByRole('link', { name: 'View request' });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/me\/requests\/[0-9a-f-]{36}$/);
      expect(await sidewaysScroll(alice)).toBe('');
      expect(await axeViolations(alice)).toEqual([]);

      // Carol, curator of the community, accepts it.
      const carol = await loggedInPage(e2e.browser, base, 'carol@demo.arca');
      await carol.setViewportSize(viewport);
      await carol.goto(`${base}${href}`);
      await carol.getByRole('link', { name: `Lichen cover (${name})` }).waitFor();
      await carol.getByRole('button', { name: 'Accept' }).click();
      await carol
        .getByRole('dialog', { name: 'Accept this request?' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await carol.getByTestId('request-status').filter({ hasText: 'Accepted' }).waitFor();
      expect(await sidewaysScroll(carol)).toBe('');

      // The record page lists the community now, and nothing pending.
      await alice.reload();
      const community = box.getByRole('link', { name: title });
      await community.waitFor();
      expect(await community.getAttribute('href')).toBe(`/communities/inclusion-${name}`);
      expect(await box.getByTestId('pending-inclusions').count()).toBe(0);
      expect(await sidewaysScroll(alice)).toBe('');
      for (const page of [alice, carol]) await page.context().close();
    });
  }
});
