import { afterAll, beforeAll, expect } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, uploadFile } from './files.helpers.ts';
import { startS3Server } from './s3-server.ts';

export type Backend = 'local' | 's3';
type S3Server = Awaited<ReturnType<typeof startS3Server>>;

export const publishUrl = (id: string) => `/api/records/${id}/draft/actions/publish`;

/** Stands for a value made in beforeAll, so that suites can name it when they are declared. */
function later<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, name) {
      const target = get();
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** Starts the app (and an S3 server for 's3') before the files suites, and stops it after. */
export function useFilesApp(backend: Backend) {
  const state = {} as {
    t: TestApp;
    alice: TestClient;
    bob: TestClient;
    admin: TestClient;
    s3?: S3Server;
  };
  beforeAll(async () => {
    if (backend === 's3') state.s3 = await startS3Server();
    const t = await startTestApp({ vocabularies: true, env: state.s3?.env ?? {} });
    state.t = t;
    state.alice = t.client();
    await state.alice.login((await buildUser(t.services)).email);
    state.bob = t.client();
    await state.bob.login((await buildUser(t.services)).email);
    state.admin = t.client();
    await state.admin.login((await buildUser(t.services, { isAdmin: true })).email);
  });
  afterAll(async () => {
    await state.t.close();
    await state.s3?.close();
  });

  /** PUTs a part to its URL: the server's own signed route, or S3 directly. */
  async function putPart(
    url: string,
    bytes: Buffer,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string }> {
    if (url.startsWith('http://arca.test/')) {
      const response = await state.t.client().request('PUT', url.slice('http://arca.test'.length), {
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream', ...headers },
      });
      return response;
    }
    const response = await fetch(url, { method: 'PUT', body: bytes, headers });
    return { status: response.status, body: await response.text() };
  }

  async function publishedWithFile(
    client: TestClient,
    bytes: Buffer,
    key = 'data.csv',
    overrides: Record<string, unknown> = {},
  ) {
    const draft = await draftWithFiles(client, overrides);
    await uploadFile(client, draft.id, key, bytes);
    const published = await client.post(publishUrl(draft.id));
    expect(published.status, published.body).toBe(202);
    return published.json as { id: string; parent: { id: string }; files: Record<string, unknown> };
  }

  return {
    backend,
    t: later(() => state.t),
    alice: later(() => state.alice),
    bob: later(() => state.bob),
    admin: later(() => state.admin),
    s3: later(() => state.s3!) as S3Server | undefined,
    putPart,
    publishedWithFile,
  };
}

/** What the files suites share: one app per storage backend, its users and a few steps. */
export type FilesApp = ReturnType<typeof useFilesApp>;
