// Nothing unvalidated is published (issue 22, item 3): unknown keys are
// dropped on save, custom fields follow the configured groups, identifier
// schemes, GeoJSON, the default preview and the size limits are checked, and
// publishing validates the whole stored document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { validationMessages as text } from '@arca/schema';
import { records } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishable } from './records.helpers.ts';
import { draftWithFiles, uploadFile } from './files.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

const publish = (client: TestClient, id: string) =>
  client.post(`/api/records/${id}/draft/actions/publish`);

function withMetadata(extra: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const base = publishable();
  return { ...base, metadata: { ...base.metadata, ...extra }, ...overrides };
}

async function storedRecord(id: string) {
  const [row] = await t.db.select().from(records).where(eq(records.id, id));
  return row?.document as Record<string, Record<string, unknown>> | undefined;
}

describe('unknown keys', () => {
  it('drops an unknown metadata key of 5 MB on save, reports it, and never publishes it', async () => {
    const draft = await createDraft(alice, withMetadata({ evil: 'x'.repeat(5 * 1024 * 1024) }));
    expect(fieldErrors(draft)).toEqual({ 'metadata.evil': [text.unknownField] });
    expect(draft.json.metadata.evil).toBeUndefined();
    const read = await alice.get(`/api/records/${draft.json.id}/draft`);
    expect(read.json.metadata).not.toHaveProperty('evil');
    const published = await publish(alice, draft.json.id);
    expect(published.status, published.body).toBe(202);
    expect(published.json.metadata).not.toHaveProperty('evil');
    expect((await storedRecord(draft.json.id))?.metadata).not.toHaveProperty('evil');
  });

  it('drops unknown keys inside entries and unknown PID schemes, on update too', async () => {
    const draft = await createDraft(alice);
    const base = publishable();
    const updated = await alice.put(`/api/records/${draft.json.id}/draft`, {
      ...base,
      metadata: {
        ...base.metadata,
        creators: [
          {
            person_or_org: { type: 'personal', family_name: 'Doe', onclick: 'alert(1)' },
            extra: '<script>alert(1)</script>',
          },
        ],
      },
      pids: { ark: { identifier: 'ark:/12345/x', provider: 'external' } },
    });
    expect(updated.status, updated.body).toBe(200);
    expect(fieldErrors(updated)).toEqual({
      'metadata.creators.0.person_or_org.onclick': [text.unknownField],
      'metadata.creators.0.extra': [text.unknownField],
      'pids.ark': [text.unknownField],
    });
    const published = await publish(alice, draft.json.id);
    expect(published.status, published.body).toBe(202);
    expect(published.json.metadata.creators[0]).toEqual({
      person_or_org: { type: 'personal', family_name: 'Doe' },
    });
    expect(published.json.pids).not.toHaveProperty('ark');
  });

  it('keeps the read-back titles of vocabulary references out of the errors', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({ resource_type: { id: 'dataset', title: { en: 'Dataset' } } }),
    );
    expect(fieldErrors(draft)).toEqual({});
  });
});

describe('custom fields', () => {
  it('drops custom fields when no group is configured', async () => {
    const draft = await createDraft(
      alice,
      publishable('Custom fields', {
        custom_fields: { 'evil:field': '<img src=x onerror=alert(1)>' },
      }),
    );
    expect(fieldErrors(draft)).toEqual({ 'custom_fields.evil:field': [text.unknownField] });
    const published = await publish(alice, draft.json.id);
    expect(published.status, published.body).toBe(202);
    expect(published.json.custom_fields).toEqual({});
  });

  it('takes the configured groups and checks their values', async () => {
    const site = await startTestApp({
      vocabularies: true,
      env: { ARCA_DEPOSIT_CUSTOM_FIELDS: 'journal,thesis' },
    });
    try {
      const owner = await buildUser(site.services);
      const bob = site.client();
      await bob.login(owner.email);
      const body = (journal: Record<string, unknown>) =>
        publishable('Journal article', {
          custom_fields: {
            'journal:journal': journal,
            'thesis:university': 'University of Geneva',
            'imprint:imprint': { title: 'Not configured' },
          },
        });
      const draft = await createDraft(bob, body({ title: 'Hydrology', issn: 'nope', x: 1 }));
      expect(fieldErrors(draft)).toEqual({
        'custom_fields.imprint:imprint': [text.unknownField],
        'custom_fields.journal:journal.x': [text.unknownField],
        'custom_fields.journal:journal.issn': [text.invalidIdentifier],
      });
      const refused = await publish(bob, draft.json.id);
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)).toEqual({
        'custom_fields.journal:journal.issn': [text.invalidIdentifier],
      });

      const good = await createDraft(bob, body({ title: 'Hydrology', issn: '0378-5955' }));
      const published = await publish(bob, good.json.id);
      expect(published.status, published.body).toBe(202);
      expect(published.json.custom_fields).toEqual({
        'journal:journal': { title: 'Hydrology', issn: '0378-5955' },
        'thesis:university': 'University of Geneva',
      });
    } finally {
      await site.close();
    }
  });
});

describe('identifier schemes', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'an alternate identifier of a scheme that does not exist',
      { identifiers: [{ scheme: 'nope', identifier: 'x' }] },
      'metadata.identifiers.0.scheme',
    ],
    [
      'a related identifier of a scheme that does not exist',
      {
        related_identifiers: [
          { scheme: 'nope', identifier: 'x', relation_type: { id: 'iscitedby' } },
        ],
      },
      'metadata.related_identifiers.0.scheme',
    ],
    [
      'an award identifier of a scheme awards do not use',
      {
        funding: [
          {
            funder: { name: 'Lake Foundation' },
            award: {
              title: { en: 'Network' },
              number: '7',
              identifiers: [{ scheme: 'ark', identifier: 'ark:/12345/x' }],
            },
          },
        ],
      },
      'metadata.funding.0.award.identifiers.0.scheme',
    ],
    [
      'a reference identifier of a scheme references do not use',
      { references: [{ reference: 'Doe 2024', scheme: 'ark', identifier: 'ark:/12345/x' }] },
      'metadata.references.0.scheme',
    ],
  ];
  it.each(cases)('refuses to publish %s', async (_, metadata, field) => {
    const draft = await createDraft(alice, withMetadata(metadata));
    expect(fieldErrors(draft)).toEqual({ [field]: [text.invalidScheme] });
    const refused = await publish(alice, draft.json.id);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual({ [field]: [text.invalidScheme] });
  });

  it('refuses an identifier that is not valid for its scheme', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({ identifiers: [{ scheme: 'ark', identifier: 'not an ark' }] }),
    );
    const refused = await publish(alice, draft.json.id);
    expect(fieldErrors(refused)).toEqual({
      'metadata.identifiers.0.identifier': [text.invalidIdentifier],
    });
  });
});

describe('locations', () => {
  it('refuses invalid GeoJSON with an error on the geometry', async () => {
    const geometries = [
      { type: 'Point', coordinates: [500, 'x'] },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      { type: 'Circle', coordinates: [6.1, 46.2] },
    ];
    for (const geometry of geometries) {
      const draft = await createDraft(
        alice,
        withMetadata({ locations: { features: [{ geometry }] } }),
      );
      const refused = await publish(alice, draft.json.id);
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused)).toEqual({
        'metadata.locations.features.0.geometry': [text.invalidGeometry],
      });
    }
  });

  it('publishes a valid location as it was sent', async () => {
    const locations = {
      features: [
        { geometry: { type: 'Point', coordinates: [6.15, 46.2] }, place: 'Geneva' },
        {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [6, 46],
                [7, 46],
                [7, 47],
                [6, 46],
              ],
            ],
          },
        },
      ],
    };
    const draft = await createDraft(alice, withMetadata({ locations }));
    expect(fieldErrors(draft)).toEqual({});
    const published = await publish(alice, draft.json.id);
    expect(published.status, published.body).toBe(202);
    expect(published.json.metadata.locations).toEqual(locations);
  });
});

describe('default preview', () => {
  it('must name a file of the record at publish', async () => {
    const draft = await draftWithFiles(alice, {
      files: { enabled: true, default_preview: 'ghost.png' },
    });
    await uploadFile(alice, draft.id, 'data.csv', Buffer.from('a,b\n1,2\n'));
    const refused = await publish(alice, draft.id);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual({
      'files.default_preview': [text.defaultPreviewNotFound],
    });

    const base = publishable('A draft with files');
    const saved = await alice.put(`/api/records/${draft.id}/draft`, {
      ...base,
      files: { enabled: true, default_preview: 'data.csv' },
    });
    expect(fieldErrors(saved)).toEqual({});
    const published = await publish(alice, draft.id);
    expect(published.status, published.body).toBe(202);
    expect(published.json.files.default_preview).toBe('data.csv');
  });
});

describe('size limits', () => {
  it('reports texts over their limit and refuses to publish them', async () => {
    const draft = await createDraft(
      alice,
      withMetadata({
        title: 'T'.repeat(1001),
        description: 'd'.repeat(100_001),
        additional_descriptions: [{ description: 'a'.repeat(50_000), type: { id: 'methods' } }],
        publisher: 'p'.repeat(1001),
      }),
    );
    const expected = {
      'metadata.title': [text.longerThan1000],
      'metadata.description': [text.longerThan100000],
      'metadata.publisher': [text.longerThan1000],
    };
    expect(fieldErrors(draft)).toEqual(expected);
    const refused = await publish(alice, draft.json.id);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual(expected);
  });

  it('refuses to save a document over 2 MB, naming its largest field', async () => {
    const response = await alice.post(
      '/api/records',
      withMetadata({
        subjects: Array.from({ length: 3000 }, (_, i) => ({ subject: `${i} ${'s'.repeat(900)}` })),
      }),
    );
    expect(response.status).toBe(400);
    expect(fieldErrors(response)).toEqual({ 'metadata.subjects': [text.documentTooLarge] });
  });
});
