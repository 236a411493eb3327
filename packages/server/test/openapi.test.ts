import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from '../scripts/openapi.ts';

describe('docs/openapi.json', () => {
  it('is what the routes generate (run packages/server/scripts/openapi.ts after changing routes)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await renderOpenApi());
  });
});
