import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';

// `ui.pids.doi`: the DOI rule the publish check applies, sent with every draft.
const UI = { headers: { accept: 'application/vnd.inveniordm.v1+json' } };
const OPTIONAL = { required: false, allowed_providers: ['managed', 'external', 'not_needed'] };
const REQUIRED = { required: true, allowed_providers: ['managed', 'external'] };

const ruleOf = async (client: TestClient, id: string) =>
  (await client.get(`/api/records/${id}/draft`, UI)).json.ui?.pids?.doi;

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

describe('the DOI rule of a draft (ui.pids.doi)', () => {
  it('leaves the DOI optional when nothing requires one', async () => {
    const draft = (await createDraft(alice)).json;
    expect(await ruleOf(alice, draft.id)).toEqual(OPTIONAL);
    // Only with the UI serialization: the plain JSON stays as it was.
    expect((await alice.get(`/api/records/${draft.id}/draft`)).json.ui).toBeUndefined();
    expect((await alice.post(`/api/records/${draft.id}/draft/actions/publish`)).status).toBe(202);
  });

  it('requires one when the previous version had a managed DOI, as publishing does', async () => {
    const first = (await createDraft(alice)).json;
    await alice.post(`/api/records/${first.id}/draft/pids/doi`);
    await alice.post(`/api/records/${first.id}/draft/actions/publish`);
    // The edit draft of that version and a new version alike.
    expect(
      await ruleOf(alice, (await alice.post(`/api/records/${first.id}/draft`)).json.id),
    ).toEqual(REQUIRED);
    await alice.delete(`/api/records/${first.id}/draft`);
    const second = (await alice.post(`/api/records/${first.id}/versions`)).json;
    expect(await ruleOf(alice, second.id)).toEqual(REQUIRED);
    const refused = await alice.post(`/api/records/${second.id}/draft/actions/publish`);
    expect(fieldErrors(refused)['pids.doi']).toHaveLength(1);

    // An external DOI is among the allowed answers, and publishing takes it.
    const external = { doi: { identifier: '10.5281/zenodo.2222222', provider: 'external' } };
    await alice.put(`/api/records/${second.id}/draft`, publishable(undefined, { pids: external }));
    expect((await alice.post(`/api/records/${second.id}/draft/actions/publish`)).status).toBe(202);

    // The latest version's DOI is external now: the next one may go without.
    const third = (await alice.post(`/api/records/${second.id}/versions`)).json;
    expect(await ruleOf(alice, third.id)).toEqual(OPTIONAL);
    expect((await alice.post(`/api/records/${third.id}/draft/actions/publish`)).status).toBe(202);
  });

  it('leaves it optional after a version without a managed DOI', async () => {
    const first = await publishRecord(alice);
    const next = (await alice.post(`/api/records/${first.id}/versions`)).json;
    expect(await ruleOf(alice, next.id)).toEqual(OPTIONAL);
  });

  it('requires one when the site does', async () => {
    const strict = await startTestApp({ vocabularies: true, env: { ARCA_DOI_REQUIRED: 'true' } });
    try {
      const user = await buildUser(strict.services);
      const client = strict.client();
      await client.login(user.email);
      const draft = (await createDraft(client)).json;
      expect(await ruleOf(client, draft.id)).toEqual(REQUIRED);
      // Creating and saving answer it too.
      const created = await client.post('/api/records', publishable(), UI);
      expect(created.json.ui.pids.doi).toEqual(REQUIRED);
    } finally {
      await strict.close();
    }
  });
});
