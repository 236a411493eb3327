// Many small files in one draft, sent through the HTTP API as the deposit form
// sends them: 4 parallel clients, each announcing a batch of FILES_INIT_BATCH
// keys (init), then PUT content and commit per file. Then the reads a
// 10,000-file record makes slow if they list every file: the draft's GET, the
// first listing page, publish, a new version with files-import, the zip. The
// same operations on a draft with one file are the baseline, in the same run.
//   node bench/many-files.bench.ts                          (PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/many-files.bench.ts
// BENCH_FILES sets the number of files (default 10,000); BENCH_ZIP=0 skips the zip.
import { FILES_INIT_BATCH } from '@arca/schema';
import { cpuDuring } from './lib/cpu.ts';
import { startArca } from './lib/servers.ts';

const fileCount = Number(process.env.BENCH_FILES ?? 10_000);
const CLIENTS = 4;
const READS = 15;
const withZip = process.env.BENCH_ZIP !== '0';

class Client {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async send(
    method: string,
    path: string,
    body?: string | Uint8Array<ArrayBuffer>,
    type = 'application/json',
  ) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = type;
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers['x-csrftoken'] = csrf;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status >= 300) {
      throw new Error(`${method} ${path}: ${response.status} ${bytes.toString().slice(0, 300)}`);
    }
    return bytes;
  }

  async json(method: string, path: string, body?: unknown) {
    const bytes = await this.send(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
    );
    return (bytes.length ? JSON.parse(bytes.toString()) : {}) as Record<string, unknown>;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

/** The median time of a GET over READS requests (after one not counted), and its bytes. */
async function readTimes(client: Client, path: string) {
  await client.send('GET', path);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < READS; i++) {
    const { ms, value } = await timed(() => client.send('GET', path));
    times.push(ms);
    bytes = value.length;
  }
  return { ms: median(times), bytes };
}

/**
 * Sends `count` files of a few bytes into the draft, CLIENTS at a time, in init batches:
 * files per second, and this process's CPU milliseconds per file (app and clients; it
 * hardly depends on the machine's load, unlike the rate).
 */
async function upload(clients: Client[], id: string, count: number) {
  const batches: string[][] = [];
  for (let first = 0; first < count; first += FILES_INIT_BATCH) {
    const batch: string[] = [];
    for (let i = first; i < Math.min(first + FILES_INIT_BATCH, count); i++) {
      batch.push(`part-${String(i).padStart(5, '0')}.txt`);
    }
    batches.push(batch);
  }
  const files = `/api/records/${id}/draft/files`;
  const { result, appMs } = await cpuDuring(() =>
    timed(() =>
      Promise.all(
        clients.map(async (client) => {
          for (let batch = batches.shift(); batch; batch = batches.shift()) {
            const bodies = batch.map((key) => Buffer.from(`content of ${key}\n`));
            await client.json(
              'POST',
              files,
              batch.map((key, i) => ({ key, size: bodies[i]!.length })),
            );
            for (const [i, key] of batch.entries()) {
              const file = `${files}/${encodeURIComponent(key)}`;
              await client.send('PUT', `${file}/content`, bodies[i], 'application/octet-stream');
              await client.send('POST', `${file}/commit`);
            }
          }
        }),
      ),
    ),
  );
  return { perSecond: (count / result.ms) * 1000, cpuMs: appMs / count };
}

interface Figures {
  filesPerSecond: number;
  cpuMsPerFile: number;
  draftGet: { ms: number; bytes: number };
  listing: { ms: number; bytes: number };
  publishMs: number;
  recordGet: { ms: number; bytes: number };
  newVersionMs: number;
  importMs: number;
  zip: { ms: number; bytes: number };
}

/** Four signed-in clients of the depositor, and an administrator. */
async function signIn(url: string) {
  const clients = Array.from({ length: CLIENTS }, () => new Client(url));
  for (const client of clients) {
    await client.json('POST', '/api/auth/login', {
      email: 'alice@demo.arca',
      password: 'arca-demo',
    });
  }
  const admin = new Client(url);
  await admin.json('POST', '/api/auth/login', { email: 'admin@demo.arca', password: 'arca-demo' });
  return { clients, admin };
}

/** An empty draft whose quota an administrator raised to `count` files. */
async function emptyDraft(url: string, count: number) {
  const { clients, admin } = await signIn(url);
  const draft = await clients[0]!.json('POST', '/api/records', {
    metadata: {
      resource_type: { id: 'dataset' },
      title: `${count} small files`,
      publication_date: '2025-06-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Weber', given_name: 'Anna' } }],
      publisher: 'Arca',
    },
    files: { enabled: true },
    access: { record: 'public', files: 'public' },
  });
  const id = draft.id as string;
  await admin.json('PUT', `/api/admin/records/${id}/quota`, {
    max_files: count + 10,
    max_bytes: 1e9,
  });
  return { clients, id };
}

async function scenario(url: string, count: number): Promise<Figures> {
  const { clients, id } = await emptyDraft(url, count);
  const alice = clients[0]!;
  const { perSecond: filesPerSecond, cpuMs: cpuMsPerFile } = await upload(clients, id, count);
  const draftGet = await readTimes(alice, `/api/records/${id}/draft`);
  const listing = await readTimes(alice, `/api/records/${id}/draft/files?size=100`);
  const published = await timed(() =>
    alice.json('POST', `/api/records/${id}/draft/actions/publish`),
  );
  const recordGet = await readTimes(alice, `/api/records/${id}`);
  const version = await timed(() => alice.json('POST', `/api/records/${id}/versions`));
  const next = version.value.id as string;
  const imported = await timed(() =>
    alice.json('POST', `/api/records/${next}/draft/actions/files-import`),
  );
  const zip = withZip
    ? await timed(() => alice.send('GET', `/api/records/${id}/files-archive`))
    : { ms: NaN, value: Buffer.alloc(0) };
  return {
    filesPerSecond,
    cpuMsPerFile,
    draftGet,
    listing,
    publishMs: published.ms,
    recordGet,
    newVersionMs: version.ms,
    importMs: imported.ms,
    zip: { ms: zip.ms, bytes: zip.value.length },
  };
}

const arca = await startArca(5900 + Math.floor(Math.random() * 100));
try {
  const baseline = await scenario(arca.url, 1);
  // The upload rate's baseline: one batch per client into an empty draft.
  const first = await emptyDraft(arca.url, CLIENTS * FILES_INIT_BATCH);
  const firstUpload = await upload(first.clients, first.id, CLIENTS * FILES_INIT_BATCH);
  baseline.filesPerSecond = firstUpload.perSecond;
  baseline.cpuMsPerFile = firstUpload.cpuMs;
  const many = await scenario(arca.url, fileCount);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows: [string, string, string, string][] = [
    [
      `upload (4 clients, init ×${FILES_INIT_BATCH})`,
      `${baseline.filesPerSecond.toFixed(0)} files/s`,
      `${many.filesPerSecond.toFixed(0)} files/s`,
      (many.filesPerSecond / baseline.filesPerSecond).toFixed(2),
    ],
    [
      'upload, CPU of app and clients per file',
      ms(baseline.cpuMsPerFile),
      ms(many.cpuMsPerFile),
      (many.cpuMsPerFile / baseline.cpuMsPerFile).toFixed(2),
    ],
    [
      'GET draft',
      ms(baseline.draftGet.ms),
      ms(many.draftGet.ms),
      (many.draftGet.ms / baseline.draftGet.ms).toFixed(2),
    ],
    [
      'GET draft, bytes',
      kb(baseline.draftGet.bytes),
      kb(many.draftGet.bytes),
      (many.draftGet.bytes / baseline.draftGet.bytes).toFixed(2),
    ],
    [
      'first listing page (size=100)',
      ms(baseline.listing.ms),
      ms(many.listing.ms),
      (many.listing.ms / baseline.listing.ms).toFixed(2),
    ],
    [
      'publish',
      ms(baseline.publishMs),
      ms(many.publishMs),
      (many.publishMs / baseline.publishMs).toFixed(2),
    ],
    [
      'GET record',
      ms(baseline.recordGet.ms),
      ms(many.recordGet.ms),
      (many.recordGet.ms / baseline.recordGet.ms).toFixed(2),
    ],
    [
      'new version',
      ms(baseline.newVersionMs),
      ms(many.newVersionMs),
      (many.newVersionMs / baseline.newVersionMs).toFixed(2),
    ],
    [
      'files-import',
      ms(baseline.importMs),
      ms(many.importMs),
      (many.importMs / baseline.importMs).toFixed(2),
    ],
    [
      'zip of all files',
      `${ms(baseline.zip.ms)}, ${kb(baseline.zip.bytes)}`,
      `${ms(many.zip.ms)}, ${kb(many.zip.bytes)}`,
      (many.zip.ms / baseline.zip.ms).toFixed(2),
    ],
  ];
  console.log(
    `\n${arca.database}: one draft with ${fileCount} files against one with 1 file ` +
      `(uploads: against the first ${CLIENTS * FILES_INIT_BATCH} files of an empty draft)\n`,
  );
  console.log(`| operation | 1 file | ${fileCount} files | ratio |`);
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
} finally {
  await arca.close();
}
