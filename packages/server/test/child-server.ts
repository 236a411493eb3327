import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The real server in a process of its own (`node src/main.ts`), which a test may kill. */
export async function spawnServer(env: Record<string, string>, port: number) {
  // The database is the test's choice alone: an inherited DATABASE_URL would point the
  // PGlite run at the shared server's `test` database.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      ARCA_SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    /** SIGKILL: no shutdown code runs, as in a power cut or an OOM kill. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fetch client keeping cookies and sending the CSRF header, like the web app. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf) all['x-csrftoken'] = csrf;
    let payload: string | Uint8Array | undefined;
    if (Buffer.isBuffer(body)) {
      payload = new Uint8Array(body);
      all['content-type'] ??= 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      all['content-type'] = 'application/json';
    }
    const response = await fetch(url.startsWith('http') ? url : `${this.base}${url}`, {
      method,
      headers: all,
      ...(payload === undefined ? {} : { body: payload }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      this.cookies.set(name.trim(), value.trim());
    }
    const raw = Buffer.from(await response.arrayBuffer());
    let json: unknown;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, raw, json: json as any };
  }
}
