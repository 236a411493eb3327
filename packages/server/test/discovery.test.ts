import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from './communities.helpers.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';

// A stand-in for the built web app: the shell is all the server sends of it.
const webDist = mkdtempSync(path.join(tmpdir(), 'arca-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Arca</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: TestApp;
let owner: TestClient;
const published: string[] = [];
let hidden = '';

beforeAll(async () => {
  t = await startTestApp({
    vocabularies: true,
    env: {
      ARCA_WEB_DIST: webDist,
      ARCA_SITEMAP_PAGE_SIZE: '2',
      ARCA_ROBOTS_DISALLOW: '/api/, /me/',
    },
  });
  owner = (await loggedIn(t, 'Sam Sitemap')).client;
  for (const title of ['First', 'Second', 'Third']) {
    published.push((await publishRecord(owner, publishable(title))).id);
  }
  hidden = (
    await publishRecord(
      owner,
      publishable('Hidden', { access: { record: 'restricted', files: 'restricted' } }),
    )
  ).id;
}, 180_000);

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps crawlers out of the configured paths and points at the sitemap', async () => {
    const response = await t.client().get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'User-agent: *\nDisallow: /api/\nDisallow: /me/\n\nSitemap: http://arca.test/sitemap.xml\n',
    );
  });

  it('the sitemap index lists pages of at most the page size, each with its lastmod', async () => {
    const index = await t.client().get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['http://arca.test/sitemap-1.xml', 'http://arca.test/sitemap-2.xml']);
    expect(index.body.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g)).toHaveLength(
      2,
    );

    const pages = await Promise.all([1, 2].map((n) => t.client().get(`/sitemap-${n}.xml`)));
    const urls = pages.map((page) =>
      [...page.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    );
    expect(urls).toEqual([
      published.slice(0, 2).map((id) => `http://arca.test/records/${id}`),
      [`http://arca.test/records/${published[2]}`],
    ]);
    expect(pages[0]!.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"><url><loc>/,
    );
    expect(pages.map((page) => page.body).join('')).not.toContain(hidden);
    const beyond = await t.client().get('/sitemap-3.xml');
    expect(beyond.status).toBe(200);
    expect(beyond.body).not.toContain('<url>');
  });
});

describe('paths that are not pages', () => {
  it('answer 404 with the app, which shows its "not found"; pages answer 200', async () => {
    for (const url of ['/wp-login.php', '/records', '/communities/lab/nothing', '/oai2d/x']) {
      const response = await t.client().get(url);
      expect(response.status, url).toBe(404);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    for (const url of ['/', '/search?q=soil', '/communities/lab/about', '/me/uploads']) {
      const response = await t.client().get(url);
      expect(response.status, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    const api = await t.client().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.json.status).toBe(404);
  });
});
