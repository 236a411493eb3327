import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from './communities.helpers.ts';
import { startTestApp, type TestApp, type TestClient } from './harness.ts';
import { publishRecord, publishable } from './records.helpers.ts';
import { draftWithFiles, someBytes, uploadFile } from './files.helpers.ts';

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

describe('Signposting on the landing page', () => {
  it('links the DOI, every export, each file, the authors, the licence and the types', async () => {
    const draft = await draftWithFiles(owner, {
      metadata: {
        ...publishable().metadata,
        resource_type: { id: 'software' },
        creators: [
          {
            person_or_org: {
              type: 'personal',
              family_name: 'Lovelace',
              given_name: 'Ada',
              identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
            },
          },
        ],
        rights: [{ id: 'cc-by-4.0' }],
      },
    });
    await uploadFile(owner, draft.id, 'data é.csv', someBytes(64));
    expect((await owner.post(`/api/records/${draft.id}/draft/pids/doi`)).status).toBe(201);
    const done = await owner.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(done.status, done.body).toBe(202);
    const doi = done.json.pids.doi.identifier as string;

    // Twice: the second answer comes from the page cache and must carry the same links.
    for (let read = 0; read < 2; read += 1) {
      const page = await t.client().get(`/records/${draft.id}`);
      expect(page.status).toBe(200);
      const links = String(page.headers.link).split(', ');
      const landing = `http://arca.test/records/${draft.id}`;
      expect(links).toContain(`<https://doi.org/${doi}> ; rel="cite-as"`);
      expect(links).toContain(`<https://orcid.org/0000-0002-1825-0097> ; rel="author"`);
      expect(links).toContain(`<https://schema.org/AboutPage> ; rel="type"`);
      expect(links).toContain(`<https://schema.org/SoftwareSourceCode> ; rel="type"`);
      expect(
        links.some((link) => /creativecommons\.org\/licenses\/by\/4\.0.*rel="license"/.test(link)),
      ).toBe(true);
      expect(links).toContain(
        `<${landing}/export/datacite-xml> ; rel="describedby" ; type="application/vnd.datacite.datacite+xml"`,
      );
      expect(links).toContain(
        `<${landing}/export/linkset> ; rel="linkset" ; type="application/linkset+json"`,
      );
      expect(links.filter((link) => link.includes('rel="describedby"')).length).toBeGreaterThan(8);
      const items = links.filter((link) => link.includes('rel="item"'));
      expect(items).toHaveLength(1);
      expect(items[0]).toContain('data%20%C3%A9.csv/content');
      expect(items[0]).toContain('type="text/csv"');
    }
  });
});
