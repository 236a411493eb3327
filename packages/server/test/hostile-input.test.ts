// Hostile but well-formed input (issue 22, item 2): a 400 naming the field, never a 500, never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, fieldErrors, publishable } from './records.helpers.ts';
import { createCommunity } from './communities.helpers.ts';

const UNSTORABLE =
  'Contains characters that cannot be stored (a NUL character or an unpaired surrogate).';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const user = await buildUser(t.services, { isAdmin: true });
  owner = t.client();
  await owner.login(user.email);
});
afterAll(() => t.close());

const draftCount = async () => (await owner.get('/api/user/records')).json.hits.total as number;

describe('text PostgreSQL cannot store', () => {
  it('is refused in a record body, naming the field, and nothing is stored', async () => {
    const before = await draftCount();
    const nul = await owner.post('/api/records', publishable('Soil \u0000 moisture'));
    expect(nul.status, nul.body).toBe(400);
    expect(fieldErrors(nul)).toEqual({ 'metadata.title': [UNSTORABLE] });

    const surrogate = publishable();
    surrogate.metadata.creators[0]!.person_or_org.family_name = 'Do\ud800e';
    const lone = await owner.post('/api/records', surrogate);
    expect(lone.status, lone.body).toBe(400);
    expect(fieldErrors(lone)).toEqual({
      'metadata.creators.0.person_or_org.family_name': [UNSTORABLE],
    });

    const key = await owner.post('/api/records', {
      ...publishable(),
      custom_fields: { 'a\u0000': 1 },
    });
    expect(fieldErrors(key)).toEqual({ 'custom_fields.a\ufffd': [UNSTORABLE] });
    expect(await draftCount()).toBe(before);
  });

  it('is refused in a draft update, a comment and a community', async () => {
    const draft = (await createDraft(owner)).json;
    const saved = await owner.put(`/api/records/${draft.id}/draft`, publishable('a\u0000b'));
    expect(saved.status).toBe(400);
    expect((await owner.get(`/api/records/${draft.id}/draft`)).json.metadata.title).toBe(
      draft.metadata.title,
    );
    const community = await owner.post('/api/communities', {
      slug: 'nul-lab',
      metadata: { title: 'Lab', description: '\u0000' },
    });
    expect(fieldErrors(community)).toEqual({ 'metadata.description': [UNSTORABLE] });
  });

  it('is refused in path parameters and query strings', async () => {
    const path = await owner.get('/api/records/a%00b');
    expect(path.status).toBe(400);
    expect(fieldErrors(path)).toEqual({ id: [UNSTORABLE] });
    const q = await owner.get('/api/records?q=%00');
    expect(q.status).toBe(400);
    expect(q.json.message).toBe('Invalid querystring parameters.');
    expect(fieldErrors(q)).toEqual({ q: [UNSTORABLE] });
    const sort = await owner.get('/api/communities?sort=%00newest');
    expect(fieldErrors(sort)).toEqual({ sort: [UNSTORABLE] });
    // Unknown URLs stay 404, whatever they hold.
    expect((await owner.get('/api/nowhere/%00')).status).toBe(404);
  });

  it('nesting deeper than any document is refused', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await owner.request('POST', '/api/records', { payload: deep });
    expect(response.status).toBe(400);
    expect(response.json.errors[0].messages).toEqual(['Nested too deeply.']);
  });
});

describe('integers beyond a column', () => {
  it('are refused in id parameters and bodies, naming the field', async () => {
    const token = await owner.delete('/api/user/tokens/9007199254740992');
    expect(token.status).toBe(400);
    expect(Object.keys(fieldErrors(token))).toEqual(['id']);
    expect((await owner.get('/api/users/2147483648')).status).toBe(400);
    expect((await owner.get('/api/users/2147483647')).status).toBe(404);

    const community = await createCommunity(owner, 'range-lab');
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const members = await owner.request(method, `/api/communities/${community.id}/members`, {
        body: { members: [{ type: 'user', id: 2 ** 53 }], role: 'reader' },
      });
      expect(members.status, members.body).toBe(400);
      expect(fieldErrors(members)).toEqual({ 'members.0.id': ['Invalid value.'] });
    }
    const draft = (await createDraft(owner)).json;
    const quota = await owner.put(`/api/admin/records/${draft.id}/quota`, {
      max_files: 2 ** 31,
      max_bytes: 1000,
    });
    expect(quota.status).toBe(400);
    expect(Object.keys(fieldErrors(quota))).toEqual(['max_files']);
  });
});
