import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { useE2E } from './server.ts';

const e2e = useE2E();

interface Hit {
  id: string;
  parent: { id: string };
  metadata: { title: string };
}

/** A demo record found through the API, as a script would. */
async function findRecord(query: string): Promise<Hit> {
  const response = await fetch(`${e2e.server.url}/api/records?q=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { hits: { hits: Hit[] } };
  return body.hits.hits[0]!;
}

async function loggedIn(email: string): Promise<BrowserContext> {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('arca-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.close();
  return context;
}

describe('finding and reading records', () => {
  it('a reader searches, opens a record, and follows a creator link back to a search', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(e2e.server.url);
    await page.getByRole('banner').getByRole('searchbox').fill('sediment');
    await page.getByRole('banner').getByRole('searchbox').press('Enter');
    await page.waitForURL(/\/search\?q=sediment$/);
    await page.getByText('1 result', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Lake sediment cores' }).click();

    await page.getByRole('heading', { level: 1, name: 'Lake sediment cores' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Lake sediment cores | Arca');
    expect(
      await page.getByText('Sediment cores from Lake Neuchâtel, both campaigns.').count(),
    ).toBe(1);
    await page.getByRole('link', { name: 'Version 1', exact: true }).waitFor();
    expect(
      await page.getByRole('link', { name: 'ORCID profile of Baker, Bob' }).getAttribute('href'),
    ).toBe('https://orcid.org/0000-0002-1825-0097');
    expect(
      await page
        .getByRole('link', { name: 'Creative Commons Attribution 4.0 International' })
        .count(),
    ).toBe(1);
    await page
      .getByTestId('citation')
      .getByText(/^Archer, A\., & Baker, B\. \(2026\)/)
      .waitFor();

    // The older version is its own page.
    await page.getByRole('link', { name: 'Version 1', exact: true }).click();
    await page.getByText('Sediment cores from Lake Neuchâtel, first campaign.').waitFor();

    await page
      .getByRole('list', { name: 'Creators' })
      .getByRole('link', { name: 'Baker, Bob', exact: true })
      .click();
    await page.waitForURL(/\/search\?q=metadata\.creators\.person_or_org\.name/);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('listitem').first().waitFor();
    // Bob is a creator of every published demo record (the latest versions).
    await page.getByText('4 results', { exact: true }).waitFor();
    await context.close();
  });

  it('filters the search by access status and sorts it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/search`);
    await page.getByRole('checkbox', { name: 'Embargoed (1)' }).click();
    await page.waitForURL(/access_status=embargoed/);
    await page.getByText('1 result', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Glacier melt model outputs' }).click();
    await page
      .getByText(/^The files of this record are under embargo until \d{4}-\d{2}-\d{2}\.$/)
      .waitFor();
    await page.getByText('Reason: Until the article is published.').waitFor();

    await page.goto(`${e2e.server.url}/search`);
    await page.getByLabel('Sort by').selectOption('oldest');
    await page.waitForURL(/sort=oldest/);
    const titles = page.getByRole('list', { name: 'Search results' }).getByRole('link');
    await expect
      .poll(() => titles.first().textContent(), { timeout: 10_000 })
      .toBe('Soil moisture, Lake Geneva basin 2025');
    await context.close();
  });

  it('serves the record page HTML with citation meta tags and JSON-LD, without JavaScript', async () => {
    const record = await findRecord('soil moisture');
    const html = await (await fetch(`${e2e.server.url}/records/${record.id}`)).text();
    expect(html).toContain('<title>Soil moisture, Lake Geneva basin 2025 | Arca</title>');
    expect(html).toContain(
      '<meta name="citation_title" content="Soil moisture, Lake Geneva basin 2025" />',
    );
    expect(html).toContain('<meta name="citation_author" content="Archer, Alice" />');
    expect(html).toContain('<meta name="citation_publication_date" content="2026/03/15" />');

    const context = await e2e.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/records/${record.id}`);
    expect(await page.title()).toBe('Soil moisture, Lake Geneva basin 2025 | Arca');
    expect(
      await page
        .locator('meta[name="citation_author"]')
        .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content'))),
    ).toEqual(['Archer, Alice', 'Baker, Bob']);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@type': string; name: string };
    expect(jsonLd['@type']).toBe('Dataset');
    expect(jsonLd.name).toBe('Soil moisture, Lake Geneva basin 2025');
    await context.close();
  });
});

describe('my uploads, previews and secret links', () => {
  it('alice finds her draft in her uploads and previews it; a secret link opens it for a guest', async () => {
    const alice = await loggedIn('alice@demo.arca');
    const page = await alice.newPage();
    await page.goto(`${e2e.server.url}/me/uploads`);
    const uploads = page.getByRole('list', { name: 'My uploads' });
    const draftItem = uploads
      .getByRole('listitem')
      .filter({ hasText: 'Weather station calibration (work in progress)' });
    await draftItem.getByText('Draft', { exact: true }).waitFor();
    const published = uploads
      .getByRole('listitem')
      .filter({ hasText: 'Glacier melt model outputs' });
    await published.getByText('Published', { exact: true }).waitFor();
    // As many as the API lists for her (the demo data grows with the features it shows).
    const mine = await page.request.get(`${e2e.server.url}/api/user/records?size=1`);
    const total = ((await mine.json()) as { hits: { total: number } }).hits.total;
    await page.getByText(`${total} results`, { exact: true }).waitFor();

    const main = page.getByRole('main');
    await main.getByRole('searchbox').fill('glacier');
    await main.getByRole('searchbox').press('Enter');
    await page.getByText('1 result', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Published (1)' }).waitFor();

    // The drafts facet, straight from the address: drafts link to the editor.
    await page.goto(`${e2e.server.url}/me/uploads?is_published=false`);
    const href = await page
      .getByRole('list', { name: 'My uploads' })
      .getByRole('link', { name: 'Weather station calibration (work in progress)' })
      .getAttribute('href');
    expect(href).toMatch(/^\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/);
    const draftId = href!.split('/').pop()!;

    await page.goto(`${e2e.server.url}/records/${draftId}?preview=1`);
    await page
      .getByText('You are previewing a draft. What you see is not published yet.')
      .waitFor();
    await page
      .getByRole('heading', { level: 1, name: 'Weather station calibration (work in progress)' })
      .waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/uploads/${draftId}`,
    );

    // A guest without the link is refused; with it, the preview opens.
    const guest = await e2e.browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${e2e.server.url}/records/${draftId}?preview=1`);
    await guestPage.getByRole('alert').getByText('Permission denied.').waitFor();

    const draft = (await (
      await page.request.get(`${e2e.server.url}/api/records/${draftId}/draft`)
    ).json()) as Hit;
    const link = await e2e.server.services.access.createLink({
      parentId: draft.parent.id,
      permission: 'preview',
    });
    await guestPage.goto(
      `${e2e.server.url}/records/${draftId}?preview=1&token=${encodeURIComponent(link.token)}`,
    );
    await guestPage
      .getByRole('heading', { level: 1, name: 'Weather station calibration (work in progress)' })
      .waitFor();
    await guestPage
      .getByText('You are previewing a draft. What you see is not published yet.')
      .waitFor();
    expect(await guestPage.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await guest.close();
    await alice.close();
  });

  it('a secret view link opens a restricted record and its page HTML', async () => {
    const record = await findRecord('interview transcripts');
    const alice = await loggedIn('alice@demo.arca');
    const page = await alice.newPage();
    // Alice restricts the whole record through an edit draft.
    const edit = await page.request.post(`${e2e.server.url}/api/records/${record.id}/draft`, {
      headers: {
        'x-csrftoken': (await alice.cookies()).find((c) => c.name === 'csrftoken')!.value,
      },
    });
    expect(edit.status()).toBe(201);
    const body = (await edit.json()) as Record<string, unknown> & { access: object };
    const csrf = {
      'x-csrftoken': (await alice.cookies()).find((c) => c.name === 'csrftoken')!.value,
    };
    const saved = await page.request.put(`${e2e.server.url}/api/records/${record.id}/draft`, {
      headers: csrf,
      data: { ...body, access: { record: 'restricted', files: 'restricted' } },
    });
    expect(saved.status()).toBe(200);
    const published = await page.request.post(
      `${e2e.server.url}/api/records/${record.id}/draft/actions/publish`,
      { headers: csrf },
    );
    expect(published.status()).toBe(202);

    const guest = await e2e.browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${e2e.server.url}/records/${record.id}`);
    await guestPage.getByRole('alert').getByText('Permission denied.').waitFor();
    expect(await guestPage.title()).not.toContain('Interview transcripts');

    const link = await e2e.server.services.access.createLink({
      parentId: record.parent.id,
      permission: 'view',
    });
    await guestPage.goto(
      `${e2e.server.url}/records/${record.id}?token=${encodeURIComponent(link.token)}`,
    );
    await guestPage
      .getByRole('heading', { level: 1, name: 'Interview transcripts on farming practice' })
      .waitFor();
    await guestPage
      .getByText('This record is restricted: only the people it is shared with can see it.')
      .waitFor();

    // The first HTML follows the same rule: the head only for those who may read.
    const withoutLink = await fetch(`${e2e.server.url}/records/${record.id}`);
    expect(withoutLink.status).toBe(403);
    expect(await withoutLink.text()).not.toContain('citation_title');
    const withLink = await fetch(
      `${e2e.server.url}/records/${record.id}?token=${encodeURIComponent(link.token)}`,
    );
    expect(withLink.status).toBe(200);
    expect(await withLink.text()).toContain(
      '<meta name="citation_title" content="Interview transcripts on farming practice" />',
    );
    await guest.close();
    await alice.close();
  });

  it('the owner starts a new version from the record page; a guest sees neither button', async () => {
    const record = await findRecord('soil moisture');
    const guest = await e2e.browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${e2e.server.url}/records/${record.id}`);
    await guestPage.getByRole('heading', { level: 1 }).waitFor();
    expect(await guestPage.getByRole('button', { name: 'New version' }).count()).toBe(0);
    expect(await guestPage.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await guest.close();

    const alice = await loggedIn('alice@demo.arca');
    const page = await alice.newPage();
    await page.goto(`${e2e.server.url}/records/${record.id}`);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('button', { name: 'New version' }).click();
    await page.waitForURL((url) => /^\/uploads\/[a-z0-9]{5}-[a-z0-9]{5}$/.test(url.pathname));
    const newId = new URL(page.url()).pathname.split('/').pop()!;
    expect(newId).not.toBe(record.id);
    const draft = await page.request.get(`${e2e.server.url}/api/records/${newId}/draft`);
    expect(((await draft.json()) as { versions: { index: number } }).versions.index).toBe(2);
    await alice.close();
  });
});
