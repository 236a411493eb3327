import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './child-server.ts';
import { useCrashEnvironment } from './crash-environment.ts';

const environment = useCrashEnvironment('arca-shutdown');

/** Resolves with the status once the answer is read; the socket stays open (keep-alive). */
function readAnswer(request: http.ClientRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
  });
}

describe('stopping the server (SIGTERM)', () => {
  it('lets a request under way finish, then exits without waiting out its keep-alive connection', async () => {
    const port = await freePort();
    const server = await spawnServer(environment.env, port);
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ email: 'alice@demo.arca', password: 'arca-demo' });
    const request = http.request({
      agent,
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        // The server answers "100 Continue" once it has taken the request in: from then on
        // the request is under way, however slowly a loaded machine got there.
        expect: '100-continue',
      },
    });
    const answered = readAnswer(request);
    await new Promise((resolve) => request.once('continue', resolve));
    // Half the body is sent: the request is under way when the signal arrives.
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = Date.now();
    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.end(body.slice(10));

    expect(await answered).toBe(200);
    await stopped;
    agent.destroy();
    // Fastify's keep-alive timeout is 72 s: the process must not wait for it.
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 120_000);
});
