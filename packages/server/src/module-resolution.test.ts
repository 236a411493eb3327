import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const hooks = new URL('./module-resolution.ts', import.meta.url).href;
const client = new URL('./db/client.ts', import.meta.url).href;

/**
 * What a fresh Node process resolves and loads, with or without the lean
 * resolution: every drizzle-orm module it loaded (by URL), and that the
 * database layer built on it works (an entity from one entry point is
 * recognised by another, so each module was loaded once).
 */
function load(lean: boolean) {
  const script = `
    ${lean ? `(await import(${JSON.stringify(hooks)})).registerLeanResolution();` : ''}
    const { registerHooks } = await import('node:module');
    const loaded = new Set();
    registerHooks({
      load(url, context, next) {
        if (url.includes('/node_modules/drizzle-orm/')) loaded.add(url);
        return next(url, context);
      },
    });
    await import(${JSON.stringify(client)});
    const orm = await import('drizzle-orm');
    const pg = await import('drizzle-orm/pg-core');
    const table = pg.pgTable('t', { id: pg.integer('id') });
    console.log(JSON.stringify({
      loaded: [...loaded].sort(),
      recognised: orm.is(table, pg.PgTable) && orm.is(orm.sql\`1\`, orm.SQL),
      resolved: import.meta.resolve('drizzle-orm/pg-core'),
    }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as { loaded: string[]; recognised: boolean; resolved: string };
}

describe('lean resolution', () => {
  it('loads the same drizzle-orm modules as Node on its own, each once', () => {
    const plain = load(false);
    const lean = load(true);
    expect(lean.loaded.length).toBeGreaterThan(100);
    expect(lean.loaded).toEqual(plain.loaded);
    expect(lean.resolved).toBe(plain.resolved);
    expect(lean.recognised).toBe(true);
  }, 60_000);
});
