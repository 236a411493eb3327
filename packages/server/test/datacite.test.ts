import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { jobs, records } from '../src/db/schema.ts';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishable } from './records.helpers.ts';
import { actions, entriesAbout } from './audit.helpers.ts';
import { startDataciteServer, type DataciteServer } from './support/datacite-server.ts';

const PREFIX = '10.80001';
const ACCOUNT = { repositoryId: 'ARCA.TEST', password: 'right-password', prefix: PREFIX };

let datacite: DataciteServer;
let t: TestApp;
let alice: TestClient;
let admin: TestClient;

beforeAll(async () => {
  datacite = await startDataciteServer(ACCOUNT);
  t = await startTestApp({
    vocabularies: true,
    env: {
      ARCA_DATACITE_URL: datacite.url,
      ARCA_DATACITE_REPOSITORY_ID: ACCOUNT.repositoryId,
      ARCA_DATACITE_PASSWORD: ACCOUNT.password,
      ARCA_DATACITE_PREFIX: PREFIX,
      ARCA_DATACITE_TIMEOUT_SECONDS: '0.3',
      ARCA_JOBS_RETRY_FIRST_SECONDS: '0.02',
      ARCA_JOBS_RETRY_MAX_SECONDS: '0.1',
    },
  });
  const owner = await buildUser(t.services, { fullName: 'Alice Archer' });
  alice = t.client();
  await alice.login(owner.email);
  const root = await buildUser(t.services, { isAdmin: true });
  admin = t.client();
  await admin.login(root.email);
  // Two users and the vocabularies on a fresh database: slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await t.close();
  await datacite.close();
});
beforeEach(() => {
  datacite.setOutage('none');
  datacite.setPassword(ACCOUNT.password);
});

const pendingSyncs = async () =>
  (await t.db.select().from(jobs).where(like(jobs.kind, 'datacite%'))).length;

/** Runs the due jobs until no DataCite job is left (retries come after a few ms). */
async function settle(): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    await t.services.jobs.runDue();
    if ((await pendingSyncs()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('DataCite jobs did not settle');
}

/** One round of due jobs (each fails while DataCite is out). */
const runOnce = () => t.services.jobs.runDue();

const doiOf = (id: string) => `${PREFIX}/arca.${id}`;

async function publishedWithDoi(title: string) {
  const draft = (await createDraft(alice, publishable(title))).json;
  const reserved = await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
  expect(reserved.status, reserved.body).toBe(201);
  const published = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
  expect(published.status, published.body).toBe(202);
  return published.json;
}

const failures = async () => (await admin.get('/api/admin/doi-registrations')).json;

describe('DataCite registration', () => {
  it('reserves a draft DOI at DataCite', async () => {
    const draft = (await createDraft(alice, publishable('Reserved only'))).json;
    const reserved = await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    expect(reserved.json.pids.doi).toEqual({ identifier: doiOf(draft.id), provider: 'managed' });
    const before = await alice.get(`/api/records/${draft.id}/draft/pids/doi`);
    expect(before.json.doi.registration).toMatchObject({ agency: 'datacite', pending: true });
    await settle();
    expect(datacite.get(doiOf(draft.id))?.state).toBe('draft');
    const after = await alice.get(`/api/records/${draft.id}/draft/pids/doi`);
    expect(after.json.doi.registration).toEqual({
      agency: 'datacite',
      state: 'draft',
      pending: false,
      failed: false,
    });

    // Discarding the reservation deletes the draft DOI at DataCite.
    await alice.delete(`/api/records/${draft.id}/draft/pids/doi`);
    await settle();
    expect(datacite.get(doiOf(draft.id))).toBeUndefined();
  });

  it('publishes: findable with the metadata and landing page, and a concept DOI', async () => {
    const record = await publishedWithDoi('Glacier melt 2024');
    await settle();
    const doi = datacite.get(doiOf(record.id))!;
    expect(doi.state).toBe('findable');
    expect(doi.attributes).toMatchObject({
      url: `http://arca.test/records/${record.id}`,
      titles: [{ title: 'Glacier melt 2024' }],
      creators: [expect.objectContaining({ name: 'Doe, Jane', nameType: 'Personal' })],
      publicationYear: '2025',
      types: expect.objectContaining({ resourceTypeGeneral: 'Dataset' }),
    });
    const concept = datacite.get(doiOf(record.parent.id))!;
    expect(concept.state).toBe('findable');
    expect(concept.attributes.url).toBe(`http://arca.test/records/${record.id}`);
    const state = await t.client().get(`/api/records/${record.id}/pids/doi`);
    expect(state.json.doi.registration.state).toBe('findable');
    expect(state.json.parent_doi.identifier).toBe(doiOf(record.parent.id));
  });

  it('updates the metadata of an edited record, and points the concept DOI at a new version', async () => {
    const record = await publishedWithDoi('First title');
    await settle();
    await alice.post(`/api/records/${record.id}/draft`);
    const saved = await alice.put(
      `/api/records/${record.id}/draft`,
      publishable('Second title', { pids: record.pids }),
    );
    expect(saved.status, saved.body).toBe(200);
    await alice.post(`/api/records/${record.id}/draft/actions/publish`);
    await settle();
    expect(datacite.get(doiOf(record.id))).toMatchObject({
      state: 'findable',
      attributes: expect.objectContaining({ titles: [{ title: 'Second title' }] }),
    });

    const version = (await alice.post(`/api/records/${record.id}/versions`)).json;
    await alice.put(`/api/records/${version.id}/draft`, publishable('Version two'));
    await alice.post(`/api/records/${version.id}/draft/pids/doi`);
    const published = await alice.post(`/api/records/${version.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    await settle();
    expect(datacite.get(doiOf(version.id))?.state).toBe('findable');
    const concept = datacite.get(doiOf(record.parent.id))!;
    expect(concept.attributes.url).toBe(`http://arca.test/records/${version.id}`);
    expect(concept.attributes.titles).toEqual([{ title: 'Version two' }]);
  });

  it('hides the DOIs of a deleted record and shows them again on restore', async () => {
    const record = await publishedWithDoi('To be deleted');
    await settle();
    const deleted = await admin.delete(`/api/records/${record.id}/delete`, {
      body: { removal_reason: { id: 'spam' } },
    });
    expect(deleted.status, deleted.body).toBeLessThan(300);
    await settle();
    // Registered: out of DataCite's search, still resolving to the tombstone page.
    const hidden = datacite.get(doiOf(record.id))!;
    expect(hidden.state).toBe('registered');
    expect(hidden.attributes.url).toBe(`http://arca.test/records/${record.id}`);
    // Its only version gone, the concept DOI is hidden too.
    expect(datacite.get(doiOf(record.parent.id))?.state).toBe('registered');

    const restored = await admin.post(`/api/records/${record.id}/restore`);
    expect(restored.status, restored.body).toBe(200);
    await settle();
    expect(datacite.get(doiOf(record.id))?.state).toBe('findable');
    expect(datacite.get(doiOf(record.parent.id))?.state).toBe('findable');
  });
});

describe('restricted records at DataCite', () => {
  const restricted = { access: { record: 'restricted', files: 'restricted' } };
  /** Edits the published record with another title and access, and publishes the edit. */
  async function republish(record: { id: string; pids: unknown }, title: string, access = {}) {
    await alice.post(`/api/records/${record.id}/draft`);
    const saved = await alice.put(
      `/api/records/${record.id}/draft`,
      publishable(title, { pids: record.pids, ...access }),
    );
    expect(saved.status, saved.body).toBe(200);
    const published = await alice.post(`/api/records/${record.id}/draft/actions/publish`);
    expect(published.status, published.body).toBe(202);
    await settle();
  }

  it('withholds the metadata: a draft DOI until public, then findable, hidden when restricted again', async () => {
    const draft = (await createDraft(alice, publishable('Closed study', restricted))).json;
    await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    const record = (await alice.post(`/api/records/${draft.id}/draft/actions/publish`)).json;
    await settle();
    for (const doi of [doiOf(record.id), doiOf(record.parent.id)]) {
      expect(datacite.get(doi)?.state, doi).toBe('draft');
      expect(datacite.get(doi)?.attributes.titles, doi).toBeUndefined();
    }

    await republish(record, 'Open study');
    for (const doi of [doiOf(record.id), doiOf(record.parent.id)]) {
      expect(datacite.get(doi), doi).toMatchObject({
        state: 'findable',
        attributes: expect.objectContaining({ titles: [{ title: 'Open study' }] }),
      });
    }

    // Restricted again: hidden, and DataCite keeps only what was public.
    await republish(record, 'Closed again, new title', restricted);
    for (const doi of [doiOf(record.id), doiOf(record.parent.id)]) {
      expect(datacite.get(doi), doi).toMatchObject({
        state: 'registered',
        attributes: expect.objectContaining({ titles: [{ title: 'Open study' }] }),
      });
    }
    const state = await alice.get(`/api/records/${record.id}/pids/doi`);
    expect(state.json.doi.registration).toMatchObject({ state: 'registered', pending: false });
  });

  it('makes the DOIs of an embargoed record findable, with its metadata, once the embargo is lifted', async () => {
    const embargoed = {
      access: {
        record: 'restricted',
        files: 'restricted',
        embargo: { active: true, until: '2999-01-01', reason: 'Patent pending' },
      },
    };
    const draft = (await createDraft(alice, publishable('Embargoed study', embargoed))).json;
    await alice.post(`/api/records/${draft.id}/draft/pids/doi`);
    const record = (await alice.post(`/api/records/${draft.id}/draft/actions/publish`)).json;
    await settle();
    expect(datacite.get(doiOf(record.id))?.state).toBe('draft');

    // The embargo's date has come: the job lifts it as of a day after its end.
    const lifted = await t.services.records.liftEmbargo(record.id, new Date('2999-01-02'));
    expect(lifted).toBe('lifted');
    await settle();
    for (const doi of [doiOf(record.id), doiOf(record.parent.id)]) {
      expect(datacite.get(doi), doi).toMatchObject({
        state: 'findable',
        attributes: expect.objectContaining({ titles: [{ title: 'Embargoed study' }] }),
      });
    }
  });
});

describe('DataCite failures', () => {
  it('publishes through an outage, retries, and converges on the latest metadata', async () => {
    datacite.setOutage('error');
    const record = await publishedWithDoi('Published during an outage');
    expect(record.is_published).toBe(true);
    await runOnce();
    expect((await failures()).hits.hits).toContainEqual(
      expect.objectContaining({ doi: doiOf(record.id), error: 'DataCite answered 503' }),
    );

    // Edits made while DataCite is out replace the pending update (one job per DOI).
    datacite.setOutage('timeout');
    for (const title of ['Edit one', 'Edit two']) {
      await alice.post(`/api/records/${record.id}/draft`);
      await alice.put(`/api/records/${record.id}/draft`, publishable(title, { pids: record.pids }));
      await alice.post(`/api/records/${record.id}/draft/actions/publish`);
    }
    const keys = await t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(eq(jobs.key, `datacite-sync:${doiOf(record.id)}`));
    expect(keys).toHaveLength(1);
    await runOnce();
    const timedOut = (await failures()).hits.hits.find(
      (hit: { doi: string }) => hit.doi === doiOf(record.id),
    );
    expect(timedOut.error).toBe('DataCite did not answer within 0.3 s');
    expect(timedOut).toMatchObject({ failed: true, pending: true });

    datacite.setOutage('none');
    await settle();
    expect(datacite.get(doiOf(record.id))).toMatchObject({
      state: 'findable',
      attributes: expect.objectContaining({ titles: [{ title: 'Edit two' }] }),
    });
    expect(datacite.get(doiOf(record.parent.id))?.state).toBe('findable');
    expect((await failures()).hits.total).toBe(0);
  });

  it('shows administrators a registration refused for wrong credentials, until they work again', async () => {
    datacite.setPassword('rotated-at-datacite');
    const record = await publishedWithDoi('Wrong credentials');
    await runOnce();
    const listed = await failures();
    expect(listed.hits.hits).toContainEqual(
      expect.objectContaining({
        doi: doiOf(record.id),
        error: 'DataCite answered 401: Bad credentials.',
        target: 'findable',
      }),
    );
    expect((await alice.get('/api/admin/doi-registrations')).status).toBe(403);
    const state = await alice.get(`/api/records/${record.id}/pids/doi`);
    expect(state.json.doi.registration).toMatchObject({ failed: true, pending: true });

    datacite.setPassword(ACCOUNT.password);
    await settle();
    expect(datacite.get(doiOf(record.id))?.state).toBe('findable');
    expect((await failures()).hits.total).toBe(0);
  });

  it("surfaces DataCite's 422 for missing required metadata as a failed registration", async () => {
    const record = await publishedWithDoi('Creators lost');
    await settle();
    // A record stored before the creators rule: DataCite requires creators.
    await t.db
      .update(records)
      .set({ document: sql`jsonb_set(${records.document}, '{metadata,creators}', '[]')` })
      .where(eq(records.id, record.id));
    const asked = await admin.post('/api/admin/doi-registrations/retry', { doi: doiOf(record.id) });
    expect(asked.status, asked.body).toBe(202);
    // The retry is an admin action: in the audit log, about the DOI.
    expect(actions(await entriesAbout(t, doiOf(record.id)))).toEqual(['admin.doi.retry']);
    await settle();
    const failed = (await failures()).hits.hits.find(
      (hit: { doi: string }) => hit.doi === doiOf(record.id),
    );
    expect(failed).toMatchObject({
      error: "DataCite answered 422: creators: Can't be blank",
      state: 'findable',
      failed: true,
    });
    // Not retried on its own: the metadata must change first.
    expect(await pendingSyncs()).toBe(0);
    expect(datacite.get(doiOf(record.id))?.attributes.creators).toHaveLength(1);

    // The recheck after a start leaves it while what it would send is the same...
    const recheck = () =>
      t.services.jobs.enqueue({
        kind: 'datacite-recheck',
        key: 'datacite-recheck',
        runAt: new Date(),
      });
    await recheck();
    await t.services.jobs.runDue();
    expect(await pendingSyncs()).toBe(0);
    // ...and asks again once it changed (here: the creators put back behind the services).
    await t.db
      .update(records)
      .set({
        document: sql`jsonb_set(${records.document}, '{metadata,creators}', ${JSON.stringify(publishable().metadata.creators)}::jsonb)`,
      })
      .where(eq(records.id, record.id));
    await recheck();
    await settle();
    expect((await failures()).hits.total).toBe(0);
    expect(datacite.get(doiOf(record.id))?.state).toBe('findable');
  });
});

describe('without DataCite', () => {
  it('keeps managed DOIs local and says so', async () => {
    const local = await startTestApp();
    try {
      const owner = await buildUser(local.services, {});
      const client = local.client();
      await client.login(owner.email);
      expect((await client.get('/api/config')).json.deposit.doi_registration).toBe('local');
      const draft = (await client.post('/api/records', {})).json;
      await client.post(`/api/records/${draft.id}/draft/pids/doi`);
      const state = await client.get(`/api/records/${draft.id}/draft/pids/doi`);
      expect(state.json.doi).toMatchObject({
        identifier: `10.1234/arca.${draft.id}`,
        registration: { agency: 'local', state: null },
      });
      expect((await local.db.select().from(jobs).where(like(jobs.kind, 'datacite%'))).length).toBe(
        0,
      );
    } finally {
      await local.close();
    }
  });
});
