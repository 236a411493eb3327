import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute } from './app-routes.ts';

const routesFile = path.join(import.meta.dirname, '../../../web/src/routes.tsx');

describe('the web app routes the server knows', () => {
  it('has every path routes.tsx declares', () => {
    const source = readFileSync(routesFile, 'utf8');
    const paths = [
      ...[...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!),
      // Paths listed in arrays and mapped to routes.
      ...[...source.matchAll(/\[('[^\]]+')\]\.map/g)].flatMap((m) =>
        [...m[1]!.matchAll(/'([^']+)'/g)].map((p) => p[1]!),
      ),
    ].filter((p) => p !== '*');
    expect(paths.length).toBeGreaterThan(10);
    const known = APP_ROUTES.map(String);
    for (const declared of paths) {
      // A child route's path is the end of a full path (settings' `tokens`).
      expect(
        known.some((route) => route === `/${declared}` || route.endsWith(`/${declared}`)),
        declared,
      ).toBe(true);
    }
  });

  it('tells pages from unknown paths', () => {
    for (const page of [
      '/',
      '/records/abcde-12345?token=x',
      '/communities/lab/about',
      '/me/settings/tokens',
    ]) {
      expect(isAppRoute(page), page).toBe(true);
    }
    for (const other of ['/wp-admin', '/records', '/records/a/b', '/favicon.php', '/%E0%A4%A']) {
      expect(isAppRoute(other), other).toBe(false);
    }
  });
});
