// Writes docs/openapi.json from the routes' zod schemas. A test fails when the
// checked-in document drifts from the code: run this script after changing routes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

/** The OpenAPI document as checked in: stable JSON with a trailing newline. */
export async function renderOpenApi(): Promise<string> {
  const config = loadConfig({ ARCA_SECRET_KEY: 'x'.repeat(32), ARCA_WEB_DIST: '/nonexistent' });
  // Building the routes needs no database: no query runs until a request arrives.
  const app = await buildApp({ config, db: {} as Database, logger: false });
  await app.ready();
  const document = JSON.stringify(app.swagger(), null, 2);
  await app.close();
  return `${document}\n`;
}

if (import.meta.main) {
  writeFileSync(OPENAPI_FILE, await renderOpenApi());
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
}
