import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, field, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { cutOff, DESKTOP, PHONE, SMALL_PHONE, sidewaysScroll } from './viewports.ts';

const e2e = useE2E();
let anonymous: Page;
let alice: Page;
beforeAll(async () => {
  anonymous = await (await e2e.browser.newContext({ viewport: PHONE })).newPage();
  alice = await loggedInPage(e2e.browser, e2e.server.url);
  await alice.setViewportSize(PHONE);
});

/** A demo record's id, found through the API as a script would. */
async function recordId(query: string, page?: Page): Promise<string> {
  const path = `/api/${page ? 'user/' : ''}records?q=${encodeURIComponent(query)}`;
  const body = page
    ? ((await (await page.request.get(`${e2e.server.url}${path}`)).json()) as unknown)
    : ((await (await fetch(`${e2e.server.url}${path}`)).json()) as unknown);
  return (body as { hits: { hits: { id: string }[] } }).hits.hits[0]?.id ?? '';
}

interface Visit {
  name: string;
  page: () => Page;
  path: () => Promise<string> | string;
  /** Waits until the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

const VISITS: Visit[] = [
  { name: 'home', page: () => anonymous, path: () => '/', ready: heading },
  {
    name: 'login',
    page: () => anonymous,
    path: () => '/login',
    ready: (page) => page.getByLabel('Password').waitFor(),
  },
  {
    name: 'sign-up',
    page: () => anonymous,
    path: () => '/signup',
    ready: (page) => page.getByLabel('Password').first().waitFor(),
  },
  {
    name: 'search',
    page: () => anonymous,
    path: () => '/search?q=lake',
    ready: (page) =>
      page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor(),
  },
  {
    name: 'record',
    page: () => alice,
    path: async () => `/records/${await recordId('"Soil moisture"')}`,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Share', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Preview readings.csv' }).click();
      await page.getByRole('table', { name: 'readings.csv' }).waitFor();
    },
  },
  {
    name: 'record with older versions',
    page: () => anonymous,
    path: async () => `/records/${await recordId('"Lake sediment cores"')}`,
    ready: heading,
  },
  {
    name: 'embargoed record',
    page: () => anonymous,
    path: async () => `/records/${await recordId('"Glacier melt"')}`,
    ready: heading,
  },
  {
    name: 'draft preview',
    page: () => alice,
    path: async () => `/records/${await recordId('"River temperature"', alice)}?preview=1`,
    ready: (page) => page.getByText('You are previewing a draft.', { exact: false }).waitFor(),
  },
  {
    name: 'editor of a new upload',
    page: () => alice,
    path: () => '/uploads/new',
    ready: (page) => field(page, 'Title').waitFor(),
  },
  {
    name: 'editor of a draft in review',
    page: () => alice,
    path: async () => `/uploads/${await recordId('"River temperature"', alice)}`,
    ready: (page) => page.getByText('Submitted for review').first().waitFor(),
  },
  {
    name: 'editor of a published record',
    page: () => alice,
    path: async () => `/uploads/${await recordId('"Lake sediment cores"')}`,
    ready: (page) => page.getByText('Your upload is published.').waitFor(),
  },
  {
    name: 'my uploads',
    page: () => alice,
    path: () => '/me/uploads',
    ready: (page) =>
      page.getByRole('list', { name: 'My uploads' }).getByRole('listitem').first().waitFor(),
  },
  {
    name: 'my communities',
    page: () => alice,
    path: () => '/me/communities',
    ready: (page) =>
      page.getByRole('list', { name: 'My communities' }).getByRole('listitem').first().waitFor(),
  },
  {
    name: 'my requests',
    page: () => alice,
    path: () => '/me/requests',
    ready: async (page) => {
      await page.getByRole('tab', { name: /^Sent/ }).click();
      await page.getByRole('link', { name: /River temperature logs/ }).waitFor();
    },
  },
  {
    name: 'request page',
    page: () => alice,
    path: () => '/me/requests',
    ready: async (page) => {
      await page.getByRole('tab', { name: /^Sent/ }).click();
      await page.getByRole('link', { name: /River temperature logs/ }).click();
      await page.getByText('Ready for review, thank you!').waitFor();
    },
  },
  {
    name: 'community page',
    page: () => anonymous,
    path: () => '/communities/demo-lab',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Demo Lab' }).waitFor(),
  },
  {
    name: 'community about',
    page: () => anonymous,
    path: () => '/communities/demo-lab/about',
    ready: (page) =>
      page.getByText('Anyone with an account may submit records for review.').waitFor(),
  },
  {
    name: 'settings',
    page: () => alice,
    path: () => '/me/settings',
    ready: (page) => page.getByRole('button', { name: 'Save' }).waitFor(),
  },
  {
    name: 'tokens',
    page: () => alice,
    path: () => '/me/settings/tokens',
    ready: (page) => page.getByLabel('Token name').waitFor(),
  },
  { name: 'not found', page: () => anonymous, path: () => '/no/such/page', ready: heading },
];

describe('on a phone', () => {
  it('no page scrolls sideways at 390 or 360 px wide', async () => {
    const found: string[] = [];
    for (const visit of VISITS) {
      const page = visit.page();
      await page.setViewportSize(PHONE);
      await page.goto(`${e2e.server.url}${await visit.path()}`);
      await visit.ready(page);
      for (const size of [PHONE, SMALL_PHONE]) {
        await page.setViewportSize(size);
        const scroll = await sidewaysScroll(page);
        if (scroll) found.push(`${visit.name} at ${size.width} px: ${scroll}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);
});

describe('the creators of a record on the narrowest phone', () => {
  it('show whole, long names and their badges wrapping, nothing cut off', async () => {
    const page = alice;
    const base = `${e2e.server.url}/api/records`;
    const orcid = [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }];
    const draft = await api<{ id: string }>(page, 'POST', base, {
      metadata: {
        resource_type: { id: 'dataset' },
        title: 'Creators with long names',
        publication_date: '2026-01-15',
        creators: [
          {
            person_or_org: {
              type: 'personal',
              family_name: 'Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh',
              given_name: 'Hubert Blaine Maximilian',
              identifiers: orcid,
            },
            affiliations: [
              { id: '020hwjq30' },
              { name: 'Institute for the Long-Term Observation of High Alpine Lakes' },
            ],
          },
          {
            person_or_org: {
              type: 'organizational',
              name: 'Internationale Arbeitsgemeinschaft für Langzeitbeobachtungen alpiner Hochgebirgsseen',
            },
          },
        ],
      },
      files: { enabled: false },
    });
    await api(page, 'POST', `${base}/${draft.id}/draft/actions/publish`);
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`${e2e.server.url}/records/${draft.id}`);
    const creators = page.getByRole('list', { name: 'Creators' });
    await creators.getByRole('link', { name: 'ORCID profile of', exact: false }).waitFor();
    const found = await cutOff(creators);
    expect(found, found.join('\n')).toEqual([]);
    expect(await sidewaysScroll(page)).toBe('');
  });
});

describe('the header menu on a phone', () => {
  it('holds search, Upload, the language and the log-in links for a visitor, by keyboard', async () => {
    const page = anonymous;
    await page.setViewportSize(PHONE);
    await page.goto(`${e2e.server.url}/records/${await recordId('"Lake sediment cores"')}`);
    await heading(page);
    const header = page.getByRole('banner');
    // The controls of the desktop header are not shown: the burger holds them.
    expect(await header.getByRole('link', { name: 'Upload' }).count()).toBe(0);
    expect(await header.getByRole('searchbox').count()).toBe(0);
    const burger = header.getByRole('button', { name: 'Open menu' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    await burger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    // The drawer slides in first.
    await page.waitForTimeout(300);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    for (const item of [
      menu.getByRole('searchbox', { name: 'Search records' }),
      menu.getByRole('link', { name: 'Upload' }),
      menu.getByRole('button', { name: /Language/ }),
      menu.getByRole('link', { name: 'Log in' }),
      menu.getByRole('link', { name: 'Sign up' }),
    ]) {
      expect(await item.isVisible()).toBe(true);
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    // Log in comes back to the page the visitor was on.
    expect(await menu.getByRole('link', { name: 'Log in' }).getAttribute('href')).toMatch(
      /^\/login\?next=%2Frecords%2F/,
    );

    // Search by keyboard: the results open and the menu closes.
    await menu.getByRole('searchbox').focus();
    await page.keyboard.type('sediment');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=sediment$/);
    await menu.waitFor({ state: 'detached' });
    await page.getByText('1 result', { exact: true }).waitFor();

    // The language: chosen in the menu, the menu speaks it.
    await burger.click();
    await menu.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page
      .getByRole('dialog', { name: 'Menü' })
      .getByRole('link', { name: 'Hochladen' })
      .waitFor();
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Menü öffnen' }).click();
    await page
      .getByRole('dialog', { name: 'Menü' })
      .getByRole('button', { name: /Sprache/ })
      .click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await menu.getByRole('link', { name: 'Upload' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it("holds the user's pages, which it opens, and Log out", async () => {
    const page = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
    await page.setViewportSize(SMALL_PHONE);
    await page.goto(`${e2e.server.url}/`);
    const burger = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const [name, path] of [
      ['My uploads', '/me/uploads'],
      ['My communities', '/me/communities'],
      ['My requests', '/me/requests'],
      ['Settings', '/me/settings'],
      ['Upload', '/uploads/new'],
    ] as const) {
      await burger.click();
      await menu.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((address) => address.pathname === path);
      await menu.waitFor({ state: 'detached' });
    }
    await burger.click();
    await menu.getByRole('navigation', { name: 'Bob Baker' }).waitFor();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((address) => address.pathname === '/');
    await burger.click();
    await menu.getByRole('link', { name: 'Log in' }).waitFor();
    await page.context().close();
  });

  it('is not there on a desktop, where the header shows its controls', async () => {
    const page = anonymous;
    await page.setViewportSize(DESKTOP);
    await page.goto(e2e.server.url);
    await heading(page);
    const header = page.getByRole('banner');
    expect(await header.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Upload' }).isVisible()).toBe(true);
    expect(await header.getByRole('searchbox').isVisible()).toBe(true);
  });
});

/** The dialog's box: the whole window on a phone. */
async function dialogBox(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  // Mantine's opening transition ends first.
  await page.waitForTimeout(300);
  return { dialog, box: await dialog.boundingBox() };
}

describe('dialogs on a phone', () => {
  it('fill the screen, with every button inside it; on a desktop they do not', async () => {
    const page = alice;
    for (const size of [SMALL_PHONE, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`${e2e.server.url}/uploads/new`);
      await page.getByRole('button', { name: 'Select a community' }).click();
      const { dialog, box } = await dialogBox(page, 'Select a community');
      expect(box).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      await dialog.getByRole('button', { name: 'Select Demo Lab' }).waitFor();
      // Each button is whole: its label is not cut off, and it is inside the window.
      for (const button of await dialog.getByRole('button').all()) {
        const fits = await button.evaluate(
          (element) =>
            element.scrollWidth <= element.clientWidth &&
            element.getBoundingClientRect().right <= window.innerWidth,
        );
        expect(fits, await button.innerText()).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add creator' }).click();
      expect((await dialogBox(page, 'Add creator')).box).toEqual({
        x: 0,
        y: 0,
        width: size.width,
        height: size.height,
      });
      await page.keyboard.press('Escape');
    }

    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Add creator' }).click();
    const { box } = await dialogBox(page, 'Add creator');
    expect(box?.width).toBeLessThan(DESKTOP.width / 2);
    await page.keyboard.press('Escape');
  });
});
