import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: its files, and index.html for every other
 * non-API path so the client-side router can take over.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes brotli and gzip copies beside each file (web/precompress.ts).
    preCompressed: true,
    // Hashed asset names change with their content, so they can be cached for good;
    // the rest (index.html, icons) keep their names and are checked on every use.
    // Nothing revalidates an immutable file, so its ETag and Last-Modified are only
    // bytes on every request (a page loads some forty of them).
    setHeaders: (reply, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      if (hashed) void reply.removeHeader('etag').removeHeader('last-modified');
    },
  });
  return true;
}

export function sendAppShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * The web app's index.html as text, read once, so a page route can put its own
 * <head> into it; undefined when the web app is not built.
 */
export function appShellReader(webDist: string): () => Promise<string | undefined> {
  let shell: Promise<string | undefined> | undefined;
  return () => {
    shell ??= readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => {
      shell = undefined;
      return undefined;
    });
    return shell;
  };
}
