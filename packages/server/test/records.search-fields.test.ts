import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema.ts';
import { backfillSearchFields } from '../src/services/records/search-backfill.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord, publishable } from './records.helpers.ts';

/*
 * The fields InvenioRDM clients query, each answered from an indexed column:
 * matched case-insensitively, by word for texts and whole for identifiers,
 * with no match from another field or part of a word.
 */

let t: TestApp;
let anyone: TestClient;
let owner: TestClient;
const ids: Record<string, string> = {};

const person = (family: string, given: string, extra: Record<string, unknown> = {}) => ({
  person_or_org: { type: 'personal', family_name: family, given_name: given, ...extra },
});

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
  anyone = t.client();
  const make = async (
    key: string,
    title: string,
    metadata: Record<string, unknown>,
    extra = {},
  ) => {
    const base = publishable(title, extra);
    ids[key] = (
      await publishRecord(owner, { ...base, metadata: { ...base.metadata, ...metadata } })
    ).id as string;
  };
  await make(
    'weber',
    'Ice cores of the Aletsch',
    {
      creators: [
        person('Weber', 'Anna', {
          identifiers: [{ scheme: 'orcid', identifier: '0000-0002-1825-0097' }],
        }),
      ],
      contributors: [{ ...person('Lambert', 'Luc'), role: { id: 'datacollector' } }],
      subjects: [{ subject: 'Climate change' }],
      related_identifiers: [
        {
          identifier: '10.5281/zenodo.7654321',
          scheme: 'doi',
          relation_type: { id: 'issupplementto' },
        },
      ],
      languages: [{ id: 'eng' }],
      rights: [{ id: 'cc-by-4.0' }],
      publication_date: '2020-05-17',
    },
    { pids: { doi: { identifier: '10.5281/zenodo.1111111', provider: 'external' } } },
  );
  await make('webermann', 'Weber glacier photographs', {
    creators: [
      person('Webermann', 'Otto'),
      { person_or_org: { type: 'organizational', name: 'Swiss Snow Institute' } },
    ],
    subjects: [{ subject: 'Climate' }],
    languages: [{ id: 'deu' }],
    rights: [{ id: 'cc0-1.0' }],
    publication_date: '2021',
  });
  await make('given', 'Lake levels', {
    creators: [person('Rossi', 'Weber')],
    publication_date: '2019-12',
  });
  // A draft only: "my uploads" searches drafts with the same fields.
  const draft = publishable('Draft by Weber', {});
  ids.draft = (
    await createDraft(owner, {
      ...draft,
      metadata: { ...draft.metadata, creators: [person('Weber', 'Draft')] },
    })
  ).json.id as string;
});
afterAll(() => t.close());

const found = async (q: string, client = anyone, path = '/api/records') => {
  const response = await client.get(`${path}?q=${encodeURIComponent(q)}&size=50`);
  expect(response.status, response.body).toBe(200);
  return (response.json.hits.hits.map((hit: { id: string }) => hit.id) as string[]).sort();
};
const sorted = (...keys: string[]) => keys.map((key) => ids[key]!).sort();

describe('field queries', () => {
  it('match people by family name, given name, name and identifier, whole words only', async () => {
    const family = 'metadata.creators.person_or_org.family_name';
    expect(await found(`${family}:Weber`)).toEqual(sorted('weber'));
    expect(await found(`${family}:WEBER`)).toEqual(sorted('weber'));
    expect(await found(`${family}:webe`)).toEqual([]);
    expect(await found(`${family}:web*`)).toEqual(sorted('weber', 'webermann'));
    expect(await found('metadata.creators.person_or_org.given_name:weber')).toEqual(
      sorted('given'),
    );
    expect(await found('metadata.creators.person_or_org.name:"weber, anna"')).toEqual(
      sorted('weber'),
    );
    expect(await found('metadata.creators.person_or_org.name:"snow institute"')).toEqual(
      sorted('webermann'),
    );
    expect(await found('metadata.creators.person_or_org.name:"institute snow"')).toEqual([]);
    expect(
      await found('metadata.creators.person_or_org.identifiers.identifier:0000-0002-1825-0097'),
    ).toEqual(sorted('weber'));
    expect(await found('metadata.contributors.person_or_org.family_name:lambert')).toEqual(
      sorted('weber'),
    );
    expect(await found('metadata.creators.person_or_org.family_name:lambert')).toEqual([]);
  });

  it('match subjects, identifiers, languages and rights', async () => {
    expect(await found('metadata.subjects.subject:climate')).toEqual(sorted('weber', 'webermann'));
    expect(await found('metadata.subjects.subject:"Climate Change"')).toEqual(sorted('weber'));
    expect(await found('metadata.related_identifiers.identifier:10.5281/ZENODO.7654321')).toEqual(
      sorted('weber'),
    );
    expect(await found('metadata.related_identifiers.identifier:10.5281/zenodo.765')).toEqual([]);
    expect(await found('pids.doi.identifier:10.5281/zenodo.1111111')).toEqual(sorted('weber'));
    expect(await found('metadata.languages.id:deu')).toEqual(sorted('webermann'));
    expect(await found('metadata.rights.id:CC-BY-4.0')).toEqual(sorted('weber'));
    expect(await found('metadata.title:weber')).toEqual(sorted('webermann'));
    expect(await found('metadata.title:"glacier photographs"')).toEqual(sorted('webermann'));
    expect(await found('metadata.title:"photographs glacier"')).toEqual([]);
  });

  it('match publication dates and their ranges', async () => {
    const date = 'metadata.publication_date';
    expect(await found(`${date}:2020`)).toEqual(sorted('weber'));
    expect(await found(`${date}:2020-05`)).toEqual(sorted('weber'));
    expect(await found(`${date}:2020-06`)).toEqual([]);
    expect(await found(`${date}:[2020 TO 2021]`)).toEqual(sorted('weber', 'webermann'));
    expect(await found(`${date}:{2019-12 TO 2021}`)).toEqual(sorted('weber'));
    expect(await found(`${date}:[2019-12-31 TO 2020-01-01]`)).toEqual(sorted('given'));
    expect(await found(`${date}:>2020`)).toEqual(sorted('webermann'));
    expect(await found(`${date}:>=2020`)).toEqual(sorted('weber', 'webermann'));
    expect(await found(`${date}:<2020-05-17`)).toEqual(sorted('given'));
    expect(await found(`${date}:[* TO 2020-05-17]`)).toEqual(sorted('given', 'weber'));
    expect(await found(`${date}:[2022 TO 2020]`)).toEqual([]);
    expect((await anyone.get(`/api/records?q=${date}:[2020-13 TO 2021]`)).status).toBe(400);
  });

  it('answer the same fields over drafts in "my uploads"', async () => {
    const mine = await found(
      'metadata.creators.person_or_org.family_name:weber',
      owner,
      '/api/user/records',
    );
    expect(mine).toEqual(sorted('weber', 'draft'));
  });

  it('refuse a field they do not know, naming it', async () => {
    const response = await anyone.get(
      `/api/records?q=${encodeURIComponent('metadata.nonsense.field:weber')}`,
    );
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Unknown search field: metadata.nonsense.field.');
    const german = await anyone.get(`/api/records?q=nonsense:x`, {
      headers: { 'accept-language': 'de' },
    });
    expect(german.status).toBe(400);
    expect(german.json.message).toBe('Unbekanntes Suchfeld: nonsense.');
  });

  it('are answered for records saved before their columns existed, once filled in', async () => {
    const family = 'metadata.creators.person_or_org.family_name:weber';
    await t.db
      .update(records)
      .set({ searchKeys: sql`'{}'::text[]`, searchFields: null, publicationRange: null })
      .where(eq(records.id, ids.weber!));
    expect(await found(family)).toEqual([]);
    expect(await backfillSearchFields(t.db)).toBe(1);
    expect(await found(family)).toEqual(sorted('weber'));
    expect(await found('metadata.publication_date:2020-05')).toEqual(sorted('weber'));
    expect(await backfillSearchFields(t.db)).toBe(0);
  });
});
