// InvenioRDM wire compatibility (issue 19): the JSON of awards, languages
// and communities carries the fields InvenioRDM clients read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createCommunity } from './communities.helpers.ts';
import { createDraft, publishable } from './records.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

// invenio-vocabularies contrib/awards/schema.py: an award's funder is a
// FunderRelationSchema, dumped as {id, name} (the funder's name is stored with
// the relation); tests/contrib/awards/test_awards_service.py reads
// award["funder"]["name"].
describe('awards', () => {
  it('carry their funder as {id, name}, in search hits and reads', async () => {
    const funders = await alice.get('/api/funders?size=100');
    const names = new Map(
      (funders.json.hits.hits as { id: string; name: string }[]).map((f) => [f.id, f.name]),
    );
    const awards = await alice.get('/api/awards?size=100');
    expect(awards.status).toBe(200);
    const withFunder = (awards.json.hits.hits as { funder?: { id: string } }[]).filter(
      (award) => award.funder,
    );
    expect(withFunder.length).toBeGreaterThan(0);
    for (const award of withFunder) {
      expect(award.funder).toEqual({ id: award.funder!.id, name: names.get(award.funder!.id) });
    }
    const one = withFunder[0] as { id: string; funder: { id: string; name: string } };
    const read = await alice.get(`/api/awards/${encodeURIComponent(one.id)}`);
    expect(read.json.funder).toEqual(one.funder);
    expect(typeof read.json.funder.name).toBe('string');
  });
});

// invenio-rdm-records fixtures (languages.yaml) and invenio-vocabularies
// services store titles English first: {"en": "French", ...}; clients (and the
// deposit form's fallback) read the first entry.
describe('language titles', () => {
  it('list en first, in reads, searches and a record that uses them', async () => {
    const read = await alice.get('/api/vocabularies/languages/fra');
    expect(Object.keys(read.json.title)[0]).toBe('en');
    expect(read.json.title.en).toBe('French');
    const search = await alice.get('/api/vocabularies/languages?q=French&size=5');
    for (const hit of search.json.hits.hits as { title: Record<string, string> }[]) {
      expect(Object.keys(hit.title)[0]).toBe('en');
    }
    const base = publishable();
    const draft = await createDraft(alice, {
      ...base,
      metadata: { ...base.metadata, languages: [{ id: 'fra' }] },
    });
    expect(Object.keys(draft.json.metadata.languages[0].title)[0]).toBe('en');
  });
});

// invenio-communities records/jsonschemas/communities/communities-v1.0.0.json:
// access has visibility, members_visibility, member_policy,
// record_submission_policy and review_policy (tests/resources/test_resources.py
// reads them back from every community).
describe('communities', () => {
  it('carry access.member_policy and access.members_visibility', async () => {
    const created = await createCommunity(alice, 'policies');
    const access = created.access as Record<string, string>;
    expect(access).toEqual({
      visibility: 'public',
      record_submission_policy: 'open',
      review_policy: 'open',
      member_policy: 'closed',
      members_visibility: 'restricted',
    });
    const listed = await alice.get('/api/communities?q=policies');
    expect(listed.json.hits.hits[0].access).toMatchObject({
      member_policy: 'closed',
      members_visibility: 'restricted',
    });
  });
});
