import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, publishable } from './records.helpers.ts';
import { buildUser, startTestApp, type TestApp } from './harness.ts';

// SPEC §3: standard licences are served with a localised title and description.
const german = JSON.parse(
  readFileSync(new URL('../src/vocabularies/locales/de.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string>>;
const inGerman = {
  headers: { accept: 'application/vnd.inveniordm.v1+json', 'accept-language': 'de-DE,de;q=0.9' },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
});
afterAll(() => t.close());

describe('licences in the caller’s language', () => {
  it('serves the picker’s search and an entry with their German title and description', async () => {
    const client = t.client();
    const search = await client.get(
      '/api/vocabularies/licenses?tags=recommended&sort=title&size=20',
      inGerman,
    );
    const ccBy = search.json.hits.hits.find((hit: { id: string }) => hit.id === 'cc-by-4.0');
    expect(ccBy.title_l10n).toBe(german.licenses!['cc-by-4.0']);
    expect(ccBy.description_l10n).toBe(german.licensedescriptions!['cc-by-4.0']);

    const mit = await client.get('/api/vocabularies/licenses/mit', inGerman);
    expect(mit.json.description_l10n).toBe(german.licensedescriptions!.mit);
    // A licence name the catalogue leaves alone keeps its English title.
    expect(mit.json.title_l10n).toBe('MIT License');

    // The plain form keeps every language; English stays the default.
    const plain = await client.get('/api/vocabularies/licenses/cc-by-4.0');
    expect(plain.json.title.de).toBe(german.licenses!['cc-by-4.0']);
    expect(plain.json.title.en).toBe('Creative Commons Attribution 4.0 International');
  });

  it('describes every licence the picker offers for datasets, in Japanese', async () => {
    const japanese = JSON.parse(
      readFileSync(new URL('../src/vocabularies/locales/ja.json', import.meta.url), 'utf8'),
    ) as Record<string, Record<string, string>>;
    const search = await t.client().get('/api/vocabularies/licenses?tags=data&size=200', {
      headers: { accept: 'application/vnd.inveniordm.v1+json', 'accept-language': 'ja' },
    });
    const hits = search.json.hits.hits as {
      id: string;
      title_l10n: string;
      description_l10n?: string;
    }[];
    expect(hits.length).toBeGreaterThan(70);
    for (const hit of hits) {
      expect(hit.description_l10n, hit.id).toBe(japanese.licensedescriptions![hit.id]);
    }
    const byId = new Map(hits.map((hit) => [hit.id, hit]));
    // Creative Commons licences carry their official Japanese name; ODC names stay as they are.
    expect(byId.get('cc-by-nc-sa-4.0')?.title_l10n).toBe(
      'クリエイティブ・コモンズ 表示-非営利-継承 4.0 国際',
    );
    expect(byId.get('odbl-1.0')?.title_l10n).toBe('Open Data Commons Open Database License v1.0');
  });

  it('finds a licence by its German title', async () => {
    const found = await t
      .client()
      .get(`/api/vocabularies/licenses?q=${encodeURIComponent('Namensnennung')}&tags=all`);
    expect(found.json.hits.hits.map((hit: { id: string }) => hit.id)).toContain('cc-by-4.0');
  });

  it('gives the record’s licences in the caller’s language in its ui block', async () => {
    const owner = t.client();
    const user = await buildUser(t.services);
    await owner.login(user.email);
    const draft = await createDraft(
      owner,
      publishable('Licensed', {
        metadata: {
          ...publishable().metadata,
          rights: [{ id: 'cc-by-4.0' }, { title: { en: 'Our own terms' } }],
        },
      }),
    );
    const response = await owner.get(`/api/records/${draft.json.id}/draft`, inGerman);
    expect(response.json.ui.rights).toEqual([
      {
        id: 'cc-by-4.0',
        title_l10n: german.licenses!['cc-by-4.0'],
        description_l10n: german.licensedescriptions!['cc-by-4.0'],
        link: expect.stringContaining('creativecommons.org'),
      },
      { title_l10n: 'Our own terms' },
    ]);
  });
});
