// InvenioRDM wire compatibility (issue 19): URLs with double slashes, unknown
// record ids and invalid paging answer as InvenioRDM answers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { createDraft, publishRecord } from './records.helpers.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  const owner = await buildUser(t.services);
  alice = t.client();
  await alice.login(owner.email);
});
afterAll(() => t.close());

// Werkzeug's Map(merge_slashes=True), under every InvenioRDM route: a path with
// `//` is answered 308 Permanent Redirect to the merged path, which keeps the
// method and the body when the client follows it.
describe('double slashes', () => {
  it('redirects POST /api//records/{id}/draft/files with 308 to the merged path', async () => {
    const draft = (await createDraft(alice)).json;
    const response = await alice.post(`/api//records/${draft.id}/draft/files`, [{ key: 'a.txt' }]);
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(`http://arca.test/api/records/${draft.id}/draft/files`);
  });

  it('keeps the query string and merges every run of slashes, for every method', async () => {
    const record = await publishRecord(alice);
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'] as const) {
      const response = await alice.request(method, `//api///records//${record.id}?expand=1&a=b//c`);
      expect(response.status, method).toBe(308);
      expect(response.headers.location).toBe(
        `http://arca.test/api/records/${record.id}?expand=1&a=b//c`,
      );
    }
  });

  it('serves the merged path the redirect names', async () => {
    const record = await publishRecord(alice);
    const response = await alice.get(`//api//records/${record.id}`);
    const followed = await alice.get(new URL(String(response.headers.location)).pathname);
    expect(followed.status).toBe(200);
    expect(followed.json.id).toBe(record.id);
  });
});

// invenio-records-resources resources/errors.py (ErrorHandlersMixin):
// PIDDoesNotExistError → 404 "The persistent identifier does not exist.";
// invenio-drafts-resources tests/resources/test_record_resource.py
// test_delete_draft and test_publish_draft read a draft that is gone: 404.
describe('unknown record ids', () => {
  const message = 'The persistent identifier does not exist.';
  it.each([
    ['GET', '/api/records/abcde-12345'],
    ['GET', '/api/records/abcde-12345/draft'],
    ['PUT', '/api/records/abcde-12345/draft'],
    ['DELETE', '/api/records/abcde-12345/draft'],
    ['POST', '/api/records/abcde-12345/draft'],
    ['POST', '/api/records/abcde-12345/draft/actions/publish'],
    ['POST', '/api/records/abcde-12345/versions'],
    ['GET', '/api/records/abcde-12345/versions'],
    ['GET', '/api/records/abcde-12345/access/links'],
  ] as const)('%s %s → 404 with InvenioRDM message', async (method, url) => {
    const response = await alice.request(method, url, method === 'PUT' ? { body: {} } : {});
    expect(response.status, response.body).toBe(404);
    expect(response.json).toEqual({ status: 404, message });
  });

  it('answers a discarded draft with the same 404', async () => {
    const draft = (await createDraft(alice)).json;
    expect((await alice.delete(`/api/records/${draft.id}/draft`)).status).toBe(204);
    const read = await alice.get(`/api/records/${draft.id}/draft`);
    expect(read.status).toBe(404);
    expect(read.json.message).toBe(message);
  });
});

// invenio-records-resources services/records/params/pagination.py raises
// QuerystringValidationError when the page starts past the 10,000 results
// window, and resources/errors.py answers every QuerystringValidationError
// with 400 "Invalid querystring parameters.".
describe('invalid paging', () => {
  it.each([
    '/api/records?page=1001&size=10',
    '/api/records?page=101&size=100',
    '/api/communities?page=10001&size=1',
    '/api/requests?page=5000&size=25',
    '/api/vocabularies/languages?page=10001&size=1',
  ])('%s → 400 "Invalid querystring parameters.", as page=0 or size=abc', async (url) => {
    for (const invalid of [url, '/api/records?page=0', '/api/records?size=abc']) {
      const response = await alice.get(invalid);
      expect(response.status, invalid).toBe(400);
      expect(response.json.message, invalid).toBe('Invalid querystring parameters.');
    }
  });
});
