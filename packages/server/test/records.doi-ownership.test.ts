// The DOI rules of InvenioRDM (issue 21): a managed DOI is the system's, for its
// own record only; external DOIs stay unique; a registered DOI needs a publisher;
// a site that requires DOIs starts with its demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pids } from '../src/db/schema.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

let t: TestApp;
let alice: TestClient;
let mallory: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  alice = t.client();
  await alice.login((await buildUser(t.services)).email);
  mallory = t.client();
  await mallory.login((await buildUser(t.services)).email);
  // Starting with the vocabularies takes a while on a busy machine.
}, 300_000);
afterAll(() => t.close());

const withPublisher = (title: string, extra: Record<string, unknown> = {}) => {
  const body = publishable(title, extra);
  return { ...body, metadata: { ...body.metadata, publisher: 'Arca' } };
};

/** Alice's record, published with a managed DOI. */
async function aliceWithDoi() {
  const draft = (await createDraft(alice, withPublisher('Alice has the DOI'))).json;
  await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
  const published = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json as { id: string; pids: { doi: { identifier: string } } };
}

const pidRow = async (identifier: string) =>
  (
    await t.db
      .select()
      .from(pids)
      .where(and(eq(pids.scheme, 'doi'), eq(pids.identifier, identifier)))
  )[0];

describe('managed DOIs', () => {
  it("ignores another record's managed DOI in a create or a save, and leaves its pid alone", async () => {
    const victim = await aliceWithDoi();
    const doi = victim.pids.doi.identifier;
    for (const provider of ['managed', 'datacite']) {
      const forged = { doi: { identifier: doi, provider } };
      const created = await mallory.post(
        '/api/records',
        withPublisher('Mine now', { pids: forged }),
      );
      expect(created.status, created.body).toBe(201);
      expect(created.json.pids.doi).toBeUndefined();
      // A save does not slip it in either.
      const saved = await mallory.put(
        `/api/records/${created.json.id}/draft`,
        withPublisher('Mine now', { pids: forged }),
      );
      expect(saved.json.pids.doi).toBeUndefined();
      const published = await mallory.post(`/api/records/${created.json.id}/draft/actions/publish`);
      expect(published.status, published.body).toBe(202);
      expect(published.json.pids.doi).toBeUndefined();
    }
    expect(await pidRow(doi)).toMatchObject({ objectId: victim.id, status: 'registered' });
    expect((await t.client().get(`/api/records/${victim.id}`)).json.pids.doi.identifier).toBe(doi);
  });

  it("refuses another record's DOI given as external, naming pids.doi", async () => {
    const victim = await aliceWithDoi();
    const doi = victim.pids.doi.identifier;
    const draft = (
      await createDraft(
        mallory,
        withPublisher('External, they say', {
          pids: { doi: { identifier: doi, provider: 'external' } },
        }),
      )
    ).json;
    const refused = await mallory.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)['pids.doi']).toEqual([
      'This DOI is already used by another record.',
    ]);
    expect(await pidRow(doi)).toMatchObject({ objectId: victim.id });
  });

  it('keeps an external DOI to one record when two drafts carry it', async () => {
    const external = { doi: { identifier: '10.5281/zenodo.3141592', provider: 'external' } };
    const first = (await createDraft(alice, publishable('First', { pids: external }))).json;
    const second = (await createDraft(mallory, publishable('Second', { pids: external }))).json;
    expect((await alice.post(`/api/records/${first.id}/draft/actions/publish`)).status).toBe(202);
    const refused = await mallory.post(`/api/records/${second.id}/draft/actions/publish`);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)['pids.doi']).toHaveLength(1);
    expect(await pidRow('10.5281/zenodo.3141592')).toMatchObject({ objectId: first.id });
  });

  it('needs a publisher to publish with a DOI the repository registers', async () => {
    const draft = (await createDraft(alice, publishable('No publisher'))).json;
    await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    const refused = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)['metadata.publisher']).toEqual([
      'Missing publisher field required for DOI registration.',
    ]);
    // Without a managed DOI nothing is registered: no publisher needed.
    await publishRecord(alice, publishable('No DOI, no publisher'));
  });
});

describe('a site that requires DOIs', () => {
  it('starts with its demo data, every demo record with a DOI', async () => {
    const strict = await startTestApp({ vocabularies: true, env: { ARCA_DOI_REQUIRED: 'true' } });
    try {
      await seedDemo(strict.services);
      const hits = (await strict.client().get('/api/records?size=50&all_versions=true')).json.hits
        .hits as { pids: { doi?: { provider: string } } }[];
      expect(hits.length).toBeGreaterThanOrEqual(4);
      expect(hits.every((hit) => hit.pids.doi?.provider === 'managed')).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
