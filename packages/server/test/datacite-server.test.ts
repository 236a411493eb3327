import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataciteServer, type DataciteServer } from './support/datacite-server.ts';

// The test server itself: the DataCite behaviours the provider's tests rely on.

let server: DataciteServer;
const auth = (password = 'secret') =>
  `Basic ${Buffer.from(`ARCA.TEST:${password}`).toString('base64')}`;
const doi = '10.80002/arca.abc';
const metadata = {
  url: 'http://arca.test/records/abc',
  creators: [{ name: 'Doe, Jane', nameType: 'Personal' }],
  titles: [{ title: 'A title' }],
  publisher: { name: 'Arca' },
  publicationYear: '2025',
  types: { resourceTypeGeneral: 'Dataset' },
  schemaVersion: 'http://datacite.org/schema/kernel-4',
};

async function call(method: string, path: string, body?: unknown, password?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: auth(password),
      'content-type': 'application/vnd.api+json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
const put = (attributes: Record<string, unknown>) =>
  call('PUT', `/dois/${encodeURIComponent(doi)}`, { data: { type: 'dois', attributes } });

beforeAll(async () => {
  server = await startDataciteServer({
    repositoryId: 'ARCA.TEST',
    password: 'secret',
    prefix: '10.80002',
  });
});
afterAll(() => server.close());

describe('DataCite test server', () => {
  it('moves a DOI draft → findable → registered → findable, and deletes drafts only', async () => {
    const created = await call('POST', '/dois', { data: { type: 'dois', attributes: { doi } } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      id: doi,
      type: 'dois',
      attributes: { state: 'draft' },
    });

    const refused = await put({ event: 'publish', titles: [{ title: 'A title' }] });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(
      expect.arrayContaining([
        { source: 'creators', title: "Can't be blank", uid: doi },
        { source: 'publisher', title: "Can't be blank", uid: doi },
        { source: 'publicationYear', title: "Can't be blank", uid: doi },
        { source: 'types', title: "Can't be blank", uid: doi },
        { source: 'url', title: "Can't be blank", uid: doi },
      ]),
    );
    const noGeneralType = await put({ ...metadata, types: {}, event: 'publish' });
    expect(noGeneralType.json.errors).toEqual([
      { source: 'types.resourceTypeGeneral', title: "Can't be blank", uid: doi },
    ]);

    expect((await put({ ...metadata, event: 'publish' })).json.data.attributes.state).toBe(
      'findable',
    );
    expect((await put({ event: 'hide' })).json.data.attributes.state).toBe('registered');
    const anonymous = await fetch(`${server.url}/dois/${encodeURIComponent(doi)}`);
    expect(anonymous.status).toBe(404);
    expect((await put({ event: 'publish' })).json.data.attributes.state).toBe('findable');
    expect((await call('DELETE', `/dois/${encodeURIComponent(doi)}`)).status).toBe(405);
  });

  it('answers 401 for wrong credentials, 404 for unknown DOIs, and fails as told', async () => {
    const wrong = await call('GET', `/dois/${encodeURIComponent(doi)}`, undefined, 'nope');
    expect(wrong).toEqual({
      status: 401,
      json: { errors: [{ status: '401', title: 'Bad credentials.' }] },
    });
    expect((await call('GET', '/dois/10.80002%2Fnone')).status).toBe(404);

    server.setOutage('error');
    expect((await fetch(`${server.url}/dois`)).status).toBe(503);
    server.setOutage('timeout');
    await expect(
      fetch(`${server.url}/dois`, { signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
    server.setOutage('none');
  });
});
