import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this cost more to compress than they save on the wire. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Text worth compressing. Not `application/octet-stream` (the plugin's default
 * list has it), images, archives, media: they are compressed already or are
 * someone's bytes.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/;

/**
 * Routes that hand over stored files: their bytes go out exactly as they were
 * uploaded (the checksum and Content-Length describe them), whatever the type.
 */
const DOWNLOAD_ROUTE = /\/files\/:key\/content$|\/files-archive$/;

/**
 * Compresses answers by the client's Accept-Encoding (br, then gzip, by
 * q-value) above a size threshold. Must be registered before the routes.
 * Partial content (206, Content-Range) is never compressed; request bodies are
 * never decompressed (an upload is stored as sent).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (DOWNLOAD_ROUTE.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE,
  });
}
