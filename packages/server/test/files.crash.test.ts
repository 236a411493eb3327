import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpClient, freePort, spawnServer } from './child-server.ts';
import { md5, someBytes } from './files.helpers.ts';
import { useCrashEnvironment } from './crash-environment.ts';

const MiB = 1024 * 1024;
const partSize = 64 * MiB;
const parts = 3;
const bytes = someBytes(partSize * parts - 12345, 21);

const crash = useCrashEnvironment('arca-crash');

async function login(url: string) {
  const client = new HttpClient(url);
  const response = await client.request('POST', '/api/auth/login', {
    email: 'alice@demo.arca',
    password: 'arca-demo',
  });
  expect(response.status).toBe(200);
  return client;
}

describe('a crash during a commit', () => {
  it('never leaves a completed file with wrong bytes; the upload resumes after a restart', async () => {
    const port = await freePort();
    let server = await spawnServer(crash.env, port);
    let client = await login(server.url);
    const draft = await client.request('POST', '/api/records', {
      metadata: {
        resource_type: { id: 'dataset' },
        title: 'Crash test',
        publication_date: '2026-01-01',
        creators: [{ person_or_org: { type: 'personal', family_name: 'Doe' } }],
      },
      files: { enabled: true },
    });
    const files = `/api/records/${draft.json.id}/draft/files`;
    const init = await client.request('POST', files, [
      { key: 'big.bin', size: bytes.length, transfer: { type: 'M', parts, part_size: partSize } },
    ]);
    expect(init.status).toBe(201);
    for (const link of init.json.entries[0].links.parts as { part: number; url: string }[]) {
      const chunk = bytes.subarray((link.part - 1) * partSize, link.part * partSize);
      expect((await client.request('PUT', link.url, chunk)).status).toBe(200);
    }
    // An L upload cut off in the middle of its bytes, at the same moment.
    await client.request('POST', files, [{ key: 'small.bin', size: 8 * MiB }]);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const stalled = fetch(`${server.url}${files}/small.bin/content`, {
      method: 'PUT',
      headers: {
        cookie,
        'x-csrftoken': client.cookies.get('csrftoken')!,
        'content-type': 'application/octet-stream',
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(someBytes(4 * MiB, 2)));
        },
      }),
      duplex: 'half',
    }).catch(() => null);

    // Kill the server while the commit runs. Parts are hashed as they arrive, so on a quiet
    // machine the commit may answer first: either way, what follows must hold.
    const commit = client.request('POST', `${files}/big.bin/commit`).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.kill();
    await commit;
    expect(await stalled).toBeNull();

    server = await spawnServer(crash.env, port);
    client = await login(server.url);
    const after = await client.request('GET', `${files}/big.bin`);
    expect(after.status).toBe(200);
    if (after.json.status === 'completed') {
      expect(after.json.checksum).toBe(`md5:${md5(bytes)}`);
    } else {
      // Still pending: every part is still held, so the client only commits again.
      expect(after.json.status).toBe('pending');
      expect(after.json.transfer.parts_done).toEqual([1, 2, 3]);
      const again = await client.request('POST', `${files}/big.bin/commit`);
      expect(again.status).toBe(200);
      expect(again.json.checksum).toBe(`md5:${md5(bytes)}`);
    }
    const content = await client.request('GET', `${files}/big.bin/content`);
    expect(md5(content.raw)).toBe(md5(bytes));
    // No half-written file is left behind, and the interrupted L upload starts again cleanly.
    const stored = readdirSync(path.join(crash.dataDir, 'files'), { recursive: true }).map(String);
    expect(stored.filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect((await client.request('POST', `${files}/small.bin/commit`)).status).toBe(400);
    const small = someBytes(8 * MiB, 3);
    expect((await client.request('PUT', `${files}/small.bin/content`, small)).status).toBe(200);
    const committed = await client.request('POST', `${files}/small.bin/commit`);
    expect(committed.json.checksum).toBe(`md5:${md5(small)}`);
    await server.stop();
  }, 120_000);
});
