import { describe, expect, it } from 'vitest';
import { HttpClient, freePort, spawnServer } from './child-server.ts';
import { md5, someBytes } from './files.helpers.ts';
import { useCrashEnvironment } from './crash-environment.ts';

// The server is killed (SIGKILL) while an operation's unit of work holds its changes and
// has not committed: ARCA_TEST_PAUSE_BEFORE_COMMIT (services/records/unit-of-work.ts) holds
// it there. After a restart the operation is found whole or not at all.
const PAUSE_MS = 4000;
const bytes = { 'one.bin': someBytes(40_000, 11), 'two.csv': someBytes(5_000, 12) };

const crash = useCrashEnvironment('arca-records-crash');

async function start(port: number, pauseIn?: string) {
  const server = await spawnServer(
    pauseIn ? { ...crash.env, ARCA_TEST_PAUSE_BEFORE_COMMIT: `${pauseIn}:${PAUSE_MS}` } : crash.env,
    port,
  );
  const client = new HttpClient(server.url);
  const login = await client.request('POST', '/api/auth/login', {
    email: 'alice@demo.arca',
    password: 'arca-demo',
  });
  expect(login.status).toBe(200);
  return { server, client };
}

/** Sends a request, kills the server while its unit of work waits to commit. */
async function killDuring(
  server: { kill(): Promise<void> },
  client: HttpClient,
  method: string,
  url: string,
) {
  const pending = client.request(method, url).catch(() => null);
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS / 2));
  await server.kill();
  expect(await pending).toBeNull();
}

/** The md5 of every file of a draft (`/draft/files`) or record (`/files`), downloaded. */
async function filesOf(client: HttpClient, base: string) {
  const list = await client.request('GET', `${base}/files`);
  expect(list.status).toBe(200);
  const result: Record<string, string> = {};
  for (const entry of list.json.entries as { key: string }[]) {
    const content = await client.request('GET', `${base}/files/${entry.key}/content`);
    expect(content.status).toBe(200);
    result[entry.key] = md5(content.raw);
  }
  return result;
}

const expectedFiles = Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, md5(v)]));

describe('a crash during a records operation', () => {
  it('publish and edit are found whole or not at all after a restart', async () => {
    const port = await freePort();
    // A first start seeds the demo data, whose publishes must not wait.
    await (await start(port)).server.stop();
    let { server, client } = await start(port, 'publish,edit');
    const draft = await client.request('POST', '/api/records', {
      metadata: {
        resource_type: { id: 'dataset' },
        title: 'Crash during publish',
        publication_date: '2026-01-01',
        creators: [{ person_or_org: { type: 'personal', family_name: 'Doe' } }],
      },
      files: { enabled: true },
    });
    expect(draft.status).toBe(201);
    const id = draft.json.id as string;
    for (const [key, content] of Object.entries(bytes)) {
      const files = `/api/records/${id}/draft/files`;
      expect((await client.request('POST', files, [{ key }])).status).toBe(201);
      expect((await client.request('PUT', `${files}/${key}/content`, content)).status).toBe(200);
      expect((await client.request('POST', `${files}/${key}/commit`)).status).toBe(200);
    }

    // Publish, killed before its commit: the draft is untouched, nothing is published.
    await killDuring(server, client, 'POST', `/api/records/${id}/draft/actions/publish`);
    ({ server, client } = await start(port));
    const record = await client.request('GET', `/api/records/${id}`);
    if (record.status === 200) {
      expect(await filesOf(client, `/api/records/${id}`)).toEqual(expectedFiles);
      expect((await client.request('GET', `/api/records/${id}/draft`)).status).toBe(404);
    } else {
      expect(record.status).toBe(404);
      const kept = await client.request('GET', `/api/records/${id}/draft`);
      expect(kept.status).toBe(200);
      expect(kept.json.revision_id).toBe(draft.json.revision_id);
      expect(await filesOf(client, `/api/records/${id}/draft`)).toEqual(expectedFiles);
      const published = await client.request('POST', `/api/records/${id}/draft/actions/publish`);
      expect(published.status).toBe(202);
    }
    expect(await filesOf(client, `/api/records/${id}`)).toEqual(expectedFiles);
    await server.stop();

    // Edit, killed before its commit: no edit draft, or one with all the published files.
    ({ server, client } = await start(port, 'edit'));
    await killDuring(server, client, 'POST', `/api/records/${id}/draft`);
    ({ server, client } = await start(port));
    const editDraft = await client.request('GET', `/api/records/${id}/draft`);
    if (editDraft.status === 200) {
      expect(await filesOf(client, `/api/records/${id}/draft`)).toEqual(expectedFiles);
    } else {
      expect(editDraft.status).toBe(404);
      expect((await client.request('POST', `/api/records/${id}/draft`)).status).toBe(201);
      expect(await filesOf(client, `/api/records/${id}/draft`)).toEqual(expectedFiles);
    }
    // The published record kept its files through both crashes.
    expect(await filesOf(client, `/api/records/${id}`)).toEqual(expectedFiles);
    await server.stop();
  }, 240_000);
});
