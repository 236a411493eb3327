import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.ts';
import { startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  await seedDemo(t.services);
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('lets every demo user log in, with their groups', async () => {
    for (const email of [
      'admin@demo.arca',
      'alice@demo.arca',
      'bob@demo.arca',
      'carol@demo.arca',
    ]) {
      expect(
        (await t.client().post('/api/auth/login', { email, password: 'arca-demo' })).status,
        email,
      ).toBe(200);
    }
    const admin = t.client();
    await admin.login('admin@demo.arca', 'arca-demo');
    const members = await admin.get('/api/admin/groups/lab-members/members');
    expect(members.json.hits.hits.map((u: { email: string }) => u.email).sort()).toEqual([
      'alice@demo.arca',
      'bob@demo.arca',
    ]);
  });

  it('gives alice published records (restricted files, embargoed, two versions) and a draft', async () => {
    const alice = t.client();
    await alice.login('alice@demo.arca', 'arca-demo');
    const mine = await alice.get('/api/user/records?size=50');
    const statuses = mine.json.hits.hits.map((h: { status: string }) => h.status);
    expect(statuses.filter((s: string) => s === 'published')).toHaveLength(4);
    expect(statuses).toContain('draft');
    const published = await t.client().get('/api/records?size=50');
    const access = published.json.hits.hits.map(
      (h: { access: { files: string; status: string } }) => h.access,
    );
    expect(access.some((a: { files: string }) => a.files === 'restricted')).toBe(true);
    expect(access.some((a: { status: string }) => a.status === 'embargoed')).toBe(true);
    const versioned = published.json.hits.hits.find(
      (h: { versions: { index: number } }) => h.versions.index === 2,
    );
    expect((await t.client().get(`/api/records/${versioned.id}/versions`)).json.hits.total).toBe(2);
    // Demo records carry real files: a CSV, an image, a PDF and a README.
    const soil = published.json.hits.hits.find((h: { metadata: { title: string } }) =>
      h.metadata.title.startsWith('Soil moisture'),
    );
    // A hit carries only the summary of its files: the listing names them.
    expect(soil.files).toMatchObject({ enabled: true, count: 4 });
    const listing = await t.client().get(`/api/records/${soil.id}/files`);
    expect(listing.json.entries.map((e: { key: string }) => e.key).sort()).toEqual([
      'README.txt',
      'methods-report.pdf',
      'readings.csv',
      'station-map.png',
    ]);
    const png = await t.client().get(`/api/records/${soil.id}/files/station-map.png/content`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.raw.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await t.client().get(`/api/records/${soil.id}/files/methods-report.pdf/content`);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(versioned.files.count).toBe(2);
    // Bob's ORCID iD makes him findable as a creator.
    expect((await t.client().get('/api/names?suggest=baker')).json.hits.total).toBeGreaterThan(0);
  });
});

describe('the demo communities', () => {
  it('has Demo Lab (carol curates, alice reads), a restricted one and one with its own form', async () => {
    const carol = t.client();
    await carol.login('carol@demo.arca', 'arca-demo');
    const alice = t.client();
    await alice.login('alice@demo.arca', 'arca-demo');
    const lab = await t.client().get('/api/communities/demo-lab');
    expect(lab.json).toMatchObject({
      metadata: { title: 'Demo Lab' },
      access: { visibility: 'public' },
    });
    const roles = async (client: typeof carol) =>
      Object.fromEntries(
        (
          (await client.get('/api/user/communities')).json.hits.hits as {
            slug: string;
            ui: { role: string };
          }[]
        ).map((c) => [c.slug, c.ui.role]),
      );
    expect(await roles(carol)).toEqual({ 'demo-lab': 'curator', 'alpine-archive': 'curator' });
    expect(await roles(alice)).toEqual({ 'demo-lab': 'reader', 'alpine-archive': 'reader' });
    expect((await t.client().get('/api/communities/alpine-archive')).status).toBe(404);
    const themed = await t.client().get('/api/communities/glacier-observatory');
    expect(themed.json.theme.enabled).toBe(true);

    // Carol has alice's submission to review.
    const open = await carol.get('/api/user/requests?is_open=true');
    expect(open.json.hits.hits.map((r: { title: string }) => r.title)).toEqual([
      'River temperature logs, spring 2026',
    ]);
    expect(Object.keys(open.json.hits.hits[0].links.actions).sort()).toEqual(['accept', 'decline']);
  });
});
