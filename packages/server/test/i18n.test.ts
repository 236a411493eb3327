import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

// The texts expected are the catalogues' own: a language that is not loaded answers English.
const catalogue = (folder: string, locale: string) =>
  JSON.parse(readFileSync(new URL(`../src/${folder}/${locale}.json`, import.meta.url), 'utf8'));
const messages = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../schema/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as { errors: Record<string, string>; validation: Record<string, string> };

const UI = { accept: 'application/vnd.inveniordm.v1+json' };

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  await buildUser(t.services, { email: 'admin@example.org', isAdmin: true });
  admin = t.client();
  await admin.login('admin@example.org');
});
afterAll(() => t.close());

describe('Accept-Language', () => {
  it.each(['de', 'ar'])('answers an error in %s', async (locale) => {
    const response = await t.client().get('/api/no-such-endpoint', {
      headers: { 'accept-language': `${locale};q=0.9, en;q=0.5` },
    });
    expect(response.status).toBe(404);
    expect(response.json.message).toBe(messages(locale).errors.notFound);
    expect(response.json.message).not.toBe('The requested URL was not found on the server.');
    expect(response.headers['content-language']).toBe(locale);
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it.each(['de-AT', 'ar-EG'])(
    'answers validation messages in %s (region falls back)',
    async (tag) => {
      const locale = tag.split('-')[0]!;
      const response = await t.client().post(
        '/api/auth/login',
        {},
        {
          headers: { 'accept-language': tag },
        },
      );
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(messages(locale).errors.validation);
      const email = response.json.errors.find(
        (error: { field: string }) => error.field === 'email',
      );
      expect(email.messages).toEqual([messages(locale).validation.required]);
    },
  );

  it('answers English for a language it has no texts in', async () => {
    const response = await t.client().get('/api/no-such-endpoint', {
      headers: { 'accept-language': 'tlh' },
    });
    expect(response.json.message).toBe('The requested URL was not found on the server.');
  });
});

describe('vocabulary titles', () => {
  const ja = catalogue('vocabularies/locales', 'ja') as Record<string, Record<string, string>>;
  const inJapanese = { headers: { ...UI, 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' } };

  it('gives title_l10n in Japanese in searches and reads, roles from the creator roles', async () => {
    const client = t.client();
    const dataset = await client.get('/api/vocabularies/resourcetypes/dataset', inJapanese);
    expect(dataset.json.title_l10n).toBe(ja.resourcetypes!.dataset);
    expect(dataset.json.title_l10n).not.toBe('Dataset');

    const roles = await client.get('/api/vocabularies/contributorsroles?size=50', inJapanese);
    const collector = roles.json.hits.hits.find(
      (hit: { id: string }) => hit.id === 'datacollector',
    );
    expect(collector.title_l10n).toBe(ja.creatorsroles!.datacollector);

    // The plain form keeps every language in the title map.
    const plain = await client.get('/api/vocabularies/relationtypes/cites');
    expect(plain.json.title).toMatchObject({ en: 'Cites', ja: ja.relationtypes!.cites });

    const subject = await client.get('/api/subjects/fos:1.1', inJapanese);
    expect(subject.json.title_l10n).toBe(ja.subjects!['fos:1.1']);
  });

  it('names languages in the caller language where Intl knows them, and finds them by that name', async () => {
    const german = new Intl.DisplayNames('ja', { type: 'language' }).of('deu')!;
    const client = t.client();
    const language = await client.get('/api/vocabularies/languages/deu', inJapanese);
    expect(language.json.title_l10n).toBe(german);
    const found = await client.get(`/api/vocabularies/languages?q=${encodeURIComponent(german)}`);
    expect(found.json.hits.hits.map((hit: { id: string }) => hit.id)).toContain('deu');
    // A code Intl does not know keeps its English name.
    const ghotuo = await client.get('/api/vocabularies/languages/aaa', inJapanese);
    expect(ghotuo.json.title_l10n).toBe('Ghotuo');
  });

  it('gives the titles of a record’s references in English and the caller’s languages only', async () => {
    const owner = t.client();
    const user = await buildUser(t.services);
    await owner.login(user.email);
    const draft = await createDraft(
      owner,
      publishable('Few languages', {
        metadata: { ...publishable().metadata, languages: [{ id: 'deu' }] },
      }),
    );
    const path = `/api/records/${draft.json.id}/draft`;
    const inGerman = await owner.get(path, { headers: { 'accept-language': 'de-AT,fr;q=0.5' } });
    expect(Object.keys(inGerman.json.metadata.resource_type.title).sort()).toEqual([
      'de',
      'en',
      'fr',
    ]);
    expect(inGerman.json.metadata.languages[0].title.de).toBe('Deutsch');
    const plain = await owner.get(path);
    expect(plain.json.metadata.resource_type.title).toEqual({ en: 'Dataset' });
    // Every translation stays with the vocabulary.
    const entry = await owner.get('/api/vocabularies/resourcetypes/dataset');
    expect(Object.keys(entry.json.title).length).toBeGreaterThan(30);
  });

  it('localises the record ui block', async () => {
    const owner = t.client();
    const user = await buildUser(t.services);
    await owner.login(user.email);
    const draft = await createDraft(
      owner,
      publishable('Localised', {
        metadata: {
          ...publishable().metadata,
          languages: [{ id: 'deu' }],
          dates: [{ date: '2020', type: { id: 'collected' } }],
        },
      }),
    );
    const response = await owner.get(`/api/records/${draft.json.id}/draft`, inJapanese);
    expect(response.json.ui.resource_type).toEqual({
      id: 'dataset',
      title_l10n: ja.resourcetypes!.dataset,
    });
    expect(response.json.ui.languages).toEqual([
      { id: 'deu', title_l10n: new Intl.DisplayNames('ja', { type: 'language' }).of('deu') },
    ]);
    expect(response.json.ui.dates[0].type).toEqual({
      id: 'collected',
      title_l10n: ja.datetypes!.collected,
    });
    expect(response.json.ui.created_date_l10n_long).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  });
});

describe('mail', () => {
  it("is written in the recipient's language", async () => {
    const de = catalogue('mail/locales', 'de') as Record<string, string>;
    const owner = t.client();
    const ownerUser = await buildUser(t.services, { fullName: 'Olivia Owner' });
    await owner.login(ownerUser.email);
    const grantee = await buildUser(t.services, {
      fullName: 'Greta Grantee',
      visibility: 'public',
    });
    const granteeClient = t.client();
    await granteeClient.login(grantee.email);
    const unknown = await granteeClient.patch('/api/me', { preferences: { locale: 'tlh' } });
    expect(unknown.status).toBe(400);
    const chosen = await granteeClient.patch('/api/me', { preferences: { locale: 'de' } });
    expect(chosen.json.preferences.locale).toBe('de');
    const record = await publishRecord(
      owner,
      publishable('Gletscherschmelze', {
        access: { record: 'restricted', files: 'restricted' },
      }),
    );
    const response = await owner.post(`/api/records/${record.id}/access/grants`, {
      grants: [{ subject: { type: 'user', id: String(grantee.id) }, permission: 'view' }],
    });
    expect(response.status, response.body).toBe(201);
    await t.services.jobs.runDue();
    const outbox = await admin.get('/api/admin/outbox?size=100');
    const mail = outbox.json.hits.hits.find((item: { to: string }) => item.to === grantee.email);
    const fill = (text: string) =>
      text
        .replaceAll('{{grantor}}', 'Olivia Owner')
        .replaceAll('{{title}}', 'Gletscherschmelze')
        .replaceAll('{{permission}}', de.permission_view!);
    expect(mail.subject).toBe(fill(de.grantSubject!));
    expect(mail.text).toContain(fill(de.grantBody!));
    expect(mail.text).toContain(de.greeting);
  });
});
