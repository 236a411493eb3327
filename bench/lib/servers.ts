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
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    /** FORCE ends the database's sessions; a drop that still fails (busy server) is retried. */
    async drop() {
      for (let attempt = 1; ; attempt++) {
        try {
          return await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } catch (error) {
          if (attempt === 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    },
  };
}

/**
 * The real app, as `npm start` runs it, on DATABASE_URL when set (else PGlite).
 * `databaseUrl` is the scratch database, for a benchmark that seeds rows over a
 * handle of its own; `db` is the app's own handle, the only way in on PGlite
 * (a PGlite data dir takes one process at a time).
 */
export async function startArca(port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({
      ...process.env,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      ARCA_DATA_DIR: dataDir,
      ARCA_SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    });
    server = await startServer(config, { logger: false });
    await server.app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    // A failed start leaves no scratch database behind either.
    await server?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = server;
  return {
    url: config.siteUrl,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl: scratch?.url,
    /** Where the app keeps its files (local storage: `files/` under it). */
    dataDir,
    db: started.database.db,
    /** The app's services, for work no route starts (the statistics job). */
    services: started.services,
    async close() {
      await started.close();
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
