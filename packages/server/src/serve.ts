// The server as `npm start` runs it (through main.ts), printing how to reach it.
import { loadConfig } from './config.ts';
import { startServer } from './bootstrap.ts';
import { demoLoginLines } from './demo/seed.ts';
import { releaseStartupMemory } from './release-memory.ts';

const config = loadConfig();
const server = await startServer(config);
await server.app.listen({ port: config.port, host: config.host });
releaseStartupMemory();

const lines = [
  '',
  `  ${config.siteName} is running at ${config.siteUrl}`,
  `  API documentation: ${config.siteUrl}/api/docs`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`}`,
  '',
  '  Demo logins (email, password):',
  ...demoLoginLines(),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

// Requests under way finish before the process exits. Closing stops new ones and
// drops the idle keep-alive connections, but only those idle at that moment: one
// that finishes its response later would hold the process for the keep-alive
// timeout (72 s), so idle connections are dropped again until the close is done.
const IDLE_SWEEP_MS = 200;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setInterval(() => server.app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    void server.close().then(() => process.exit(0));
  });
}
