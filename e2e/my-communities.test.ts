import { describe, expect, it } from 'vitest';
import { loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';

const e2e = useE2E();

describe('my communities in the browser', () => {
  it('alice opens My communities from her menu and sees her role in each', async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('button', { name: /Alice Archer/ }).click();
    await page.getByRole('menuitem', { name: 'My communities' }).click();
    await page.waitForURL((address) => address.pathname === '/me/communities');

    const list = page.getByRole('list', { name: 'My communities' });
    const lab = list.getByRole('listitem').filter({ hasText: 'Demo Lab' });
    await lab.waitFor();
    expect(await lab.getByText('Reader').isVisible()).toBe(true);
    const archive = list.getByRole('listitem').filter({ hasText: 'Alpine Archive' });
    expect(await archive.getByText('Restricted').isVisible()).toBe(true);
    // Alice is no member of the observatory, so it is not hers to list.
    expect(await list.getByText('Glacier Observatory').count()).toBe(0);

    await page.getByRole('main').getByRole('searchbox').fill('alpine');
    await page.getByRole('main').getByRole('searchbox').press('Enter');
    await page.waitForURL((address) => address.search === '?q=alpine');
    await list.getByRole('listitem').filter({ hasText: 'Demo Lab' }).waitFor({ state: 'detached' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    await page.context().close();
  });
});
