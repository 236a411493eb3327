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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
