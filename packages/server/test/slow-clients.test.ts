// Slow clients (issue 22, item 6): a trickled body, silent headers and too many sockets are closed;
// an upload at a real (if slow) rate still passes. Small limits here; the defaults are in config.ts.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';
import { draftWithFiles, fileUrl, filesUrl } from './files.helpers.ts';

const WINDOW_MS = 400;

let t: TestApp;
let port: number;
let owner: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ARCA_HEADERS_TIMEOUT_SECONDS: '1',
      ARCA_IDLE_TIMEOUT_SECONDS: '3',
      ARCA_BODY_MIN_BYTES_PER_SECOND: '2000',
      ARCA_BODY_RATE_WINDOW_SECONDS: String(WINDOW_MS / 1000),
      ARCA_MAX_CONNECTIONS_PER_ADDRESS: '4',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const user = await buildUser(t.services);
  owner = t.client();
  await owner.login(user.email);
});
// Sockets a failing test left open would keep the server from closing.
const opened: net.Socket[] = [];
afterAll(async () => {
  for (const socket of opened) socket.destroy();
  await t.close();
});

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    opened.push(socket);
    socket.once('error', reject);
  });
}

/** Milliseconds until the server closes the socket (or the limit, if it does not). */
function closedAfter(socket: net.Socket, limitMs: number): Promise<number> {
  const start = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Infinity), limitMs);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

describe('slow clients', () => {
  it('a body trickled a byte at a time is closed within the rate window', async () => {
    const socket = await connect();
    socket.write(
      'POST /api/records HTTP/1.1\r\nHost: arca.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    );
    // Each byte resets the idle timeout: only the rate rule can end this.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const elapsed = await closedAfter(socket, 10 * WINDOW_MS);
    clearInterval(trickle);
    expect(elapsed).toBeLessThanOrEqual(5 * WINDOW_MS);
  });

  it('headers that never finish are closed after the headers timeout', async () => {
    const socket = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: arca.test\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 200);
    const elapsed = await closedAfter(socket, 5000);
    clearInterval(trickle);
    expect(elapsed).toBeLessThan(2500);
  });

  it('an upload streamed at a real rate, longer than the window, still passes', async () => {
    const draft = await draftWithFiles(owner);
    const size = 64 * 1024;
    const init = await owner.post(filesUrl(draft.id), [{ key: 'slow.bin', size }]);
    expect(init.status, init.body).toBe(201);
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'PUT',
          path: `${fileUrl(draft.id, 'slow.bin')}/content`,
          headers: {
            cookie,
            'x-csrftoken': owner.cookies.get('csrftoken')!,
            'content-type': 'application/octet-stream',
            'content-length': String(size),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      // 4 KiB every 100 ms (40 KiB/s): 1.6 s in all, four windows, above the 2 KB/s minimum.
      let sent = 0;
      const pump = setInterval(() => {
        request.write(Buffer.alloc(4096, 7));
        sent += 4096;
        if (sent >= size) {
          clearInterval(pump);
          request.end();
        }
      }, 100);
    });
    expect(status).toBe(200);
    const commit = await owner.post(`${fileUrl(draft.id, 'slow.bin')}/commit`);
    expect(commit.status, commit.body).toBe(200);
    expect(commit.json.size).toBe(size);
  });

  it('connections beyond the cap per address are refused; the others keep working', async () => {
    const sockets = await Promise.all([1, 2, 3, 4].map(() => connect()));
    const extra = await connect();
    expect(await closedAfter(extra, 2000)).toBeLessThan(2000);
    const first = sockets[0]!;
    const answer = new Promise<string>((resolve) => first.once('data', (d) => resolve(String(d))));
    first.write('GET /api/health HTTP/1.1\r\nHost: arca.test\r\n\r\n');
    expect(await answer).toMatch(/^HTTP\/1\.1 200/);
    for (const socket of sockets) socket.destroy();
    // Closed sockets free their places.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await connect();
    expect(await closedAfter(again, 300)).toBe(Infinity);
    again.destroy();
  });
});
