import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig, startServer } from '@arca/server';

/** A throwaway database on the DATABASE_URL server, so a run leaves nothing behind. */
async function scratchDatabase(url: string) {
  const name = `arca_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The real app, as `npm start` runs it, on DATABASE_URL when set (else PGlite). */
export async function startArca(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const config = loadConfig({
    ...process.env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    ARCA_DATA_DIR: dataDir,
    ARCA_SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config, { logger: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    url: config.siteUrl,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    async close() {
      await server.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare Fastify route answering the same JSON from memory. */
export async function startBaseline(port: number, body: unknown) {
  const app = Fastify({ logger: false });
  const payload = JSON.stringify(body);
  app.get('/baseline', (_request, reply) => reply.type('application/json').send(payload));
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/baseline`, close: () => app.close() };
}
