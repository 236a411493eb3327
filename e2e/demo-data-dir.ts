// Seeds the demo data into the data directory named by the first argument and
// stops (global-setup.ts runs it in a process of its own, as `npm start` would).
import { loadConfig, startServer } from '@arca/server';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node e2e/demo-data-dir.ts <data dir>');
const config = loadConfig({
  ARCA_DATA_DIR: dataDir,
  ARCA_SITE_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'warn',
});
const server = await startServer(config, { logger: false });
await server.close();
