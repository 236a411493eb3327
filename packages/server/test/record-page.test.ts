import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';

// A stand-in for the built web app: the page route only needs its index.html.
const webDist = mkdtempSync(path.join(tmpdir(), 'arca-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Arca</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true, env: { ARCA_WEB_DIST: webDist } });
  const user = await buildUser(t.services, { fullName: 'Olivia Owner' });
  owner = t.client();
  await owner.login(user.email);
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A record whose title and names need escaping, published with a DOI. */
async function publishWithDoi(overrides: Record<string, unknown> = {}) {
  const body = publishable('Soil & water: "<script>alert(1)</script>" readings', {
    ...overrides,
  });
  body.metadata.creators = [
    {
      person_or_org: {
        type: 'personal',
        family_name: "O'Brien",
        given_name: 'Jane',
        identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
      },
    },
    { person_or_org: { type: 'personal', family_name: 'Baker', given_name: 'Bob' } },
  ] as typeof body.metadata.creators;
  const draft = await createDraft(owner, {
    ...body,
    metadata: { ...body.metadata, description: '<p>Hourly <b>readings</b> & notes</p>' },
  });
  const reserved = await owner.post(`/api/records/${draft.json.id}/draft/pids/doi`);
  expect(reserved.status, reserved.body).toBe(201);
  const published = await owner.post(`/api/records/${draft.json.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json as {
    id: string;
    parent: { id: string };
    pids: { doi: { identifier: string } };
  };
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

function metaContents(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)" />`, 'g'))].map(
    (match) => match[1]!,
  );
}

describe('the record page HTML, fetched without JavaScript', () => {
  it('carries the title, citation meta tags and schema.org JSON-LD, escaped', async () => {
    const record = await publishWithDoi();
    const response = await t.client().get(`/records/${record.id}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;

    expect(html).toContain(
      '<title>Soil &amp; water: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; readings | Arca</title>',
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<div id="root"></div>');
    expect(metaContents(html, 'citation_title')).toEqual([
      'Soil &amp; water: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; readings',
    ]);
    expect(metaContents(html, 'citation_author')).toEqual(['O&#39;Brien, Jane', 'Baker, Bob']);
    expect(metaContents(html, 'citation_doi')).toEqual([record.pids.doi.identifier]);
    expect(metaContents(html, 'citation_publication_date')).toEqual(['2025/06/01']);

    const dataset = jsonLd(html);
    expect(dataset['@context']).toBe('https://schema.org');
    expect(dataset['@type']).toBe('Dataset');
    expect(dataset.name).toBe('Soil & water: "<script>alert(1)</script>" readings');
    expect(dataset.identifier).toBe(`https://doi.org/${record.pids.doi.identifier}`);
    expect(dataset.description).toBe('Hourly readings & notes');
    expect(dataset.datePublished).toBe('2025-06-01');
    expect(dataset.creator).toEqual([
      expect.objectContaining({
        '@type': 'Person',
        name: "O'Brien, Jane",
        '@id': 'https://orcid.org/0000-0002-1825-0097',
      }),
      expect.objectContaining({ '@type': 'Person', name: 'Baker, Bob' }),
    ]);
    // The JSON-LD cannot end its script element early.
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain('</script');
  });

  it('gives a restricted record its head only for those who may read it', async () => {
    const record = await publishWithDoi({
      access: { record: 'restricted', files: 'restricted' },
    });
    const anonymous = await t.client().get(`/records/${record.id}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toContain('<title>Arca</title>');
    expect(anonymous.body).not.toContain('citation_title');
    expect(anonymous.body).not.toContain('application/ld+json');

    const mine = await owner.get(`/records/${record.id}`);
    expect(mine.status).toBe(200);
    expect(metaContents(mine.body, 'citation_doi')).toEqual([record.pids.doi.identifier]);

    const link = await t.services.access.createLink({
      parentId: record.parent.id,
      permission: 'view',
    });
    const guest = await t
      .client()
      .get(`/records/${record.id}?token=${encodeURIComponent(link.token)}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toContain('citation_title');
  });

  it('answers an unknown record with the plain shell and 404, and a parent id with a redirect', async () => {
    const missing = await t.client().get('/records/zzzzz-zzzzz');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<title>Arca</title>');

    const record = await publishWithDoi();
    const parent = await t.client().get(`/records/${record.parent.id}`);
    expect(parent.status).toBe(302);
    expect(parent.headers.location).toBe(`/records/${record.id}`);
  });

  it('serves anonymous readers from the cache, until the record changes', async () => {
    const record = await publishWithDoi();
    const first = await t.client().get(`/records/${record.id}`);
    expect(first.body).toContain('readings | Arca</title>');
    expect((await t.client().get(`/records/${record.id}`)).body).toBe(first.body);

    const draft = await owner.post(`/api/records/${record.id}/draft`);
    expect(draft.status, draft.body).toBe(201);
    const renamed = { ...draft.json, metadata: { ...draft.json.metadata, title: 'Renamed cores' } };
    expect((await owner.put(`/api/records/${record.id}/draft`, renamed)).status).toBe(200);
    const published = await owner.post(`/api/records/${record.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);

    await expect
      .poll(async () => (await t.client().get(`/records/${record.id}`)).body, { timeout: 5000 })
      .toContain('<title>Renamed cores | Arca</title>');
  });

  it('leaves a draft preview to the app: no head for drafts', async () => {
    const draft = await createDraft(owner);
    const response = await owner.get(`/records/${draft.json.id}?preview=1`);
    expect(response.status).toBe(200);
    expect(response.body).toContain('<title>Arca</title>');
    expect(response.body).not.toContain('citation_title');
  });
});
