import { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder } from '../http/links.ts';
import type { Scope, UploadBody } from '../services/files/files.service.ts';
import { contentDisposition, parseRange } from './content-headers.ts';
import { serializeFile, serializeFileList } from './serializers/file.serializer.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const keyParams = idParams.extend({ key: z.string().min(1).max(1024) });
const partParams = keyParams.extend({ part: z.coerce.number().int() });
const tokenQuery = z.object({ token: z.string().optional() });
const contentQuery = tokenQuery.extend({ download: z.string().optional() });
const partQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(200).optional(),
});
const fileSpec = z.object({
  key: z.string().max(1024),
  size: z.number().int().min(0).optional(),
  checksum: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => v ?? undefined),
  storage_class: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  access: z.object({ hidden: z.boolean().optional() }).optional(),
  transfer: z
    .object({
      type: z.enum(['L', 'M']).default('L'),
      parts: z.number().int().optional(),
      part_size: z.number().int().positive().optional(),
    })
    .optional(),
});
const initBody = z.array(fileSpec).max(10_000);
const metadataBody = z.object({
  metadata: z.record(z.string(), z.unknown()).optional(),
  access: z.object({ hidden: z.boolean().optional() }).optional(),
});
const quotaBody = z.object({
  max_files: z.number().int().min(0),
  max_bytes: z.number().int().min(0),
});

/**
 * A request body to stream to storage. Read from a socket, its chunks are fresh
 * buffers nothing else holds, which storage may take instead of copying.
 */
function uploadBody(request: FastifyRequest): UploadBody {
  const length = request.headers['content-length'];
  return {
    stream: request.raw,
    length: length === undefined ? undefined : Number(length),
    takeChunks: request.raw instanceof IncomingMessage,
  };
}

/** Draft and record files (API.md §2): uploads, commits, downloads, the zip archive. */
export function fileRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['files'];
  const files = services.files;

  /**
   * Streams a completed file, honouring Range and If-None-Match. A HEAD request
   * gets the same headers and no body, and no byte is read.
   */
  async function sendContent(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    scope: Scope,
    key: string,
    download: boolean,
  ) {
    const { file, open } = await files.content(request.actor, id, scope, key);
    const size = file.object.size ?? 0;
    const etag = `"${(file.object.checksum ?? '').replace(/^md5:/, '')}"`;
    void reply
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header(
        'content-disposition',
        contentDisposition(file.entry.key, file.entry.mimetype, download),
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', scope === 'draft' ? 'private, no-cache' : 'private, max-age=0');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      throw new HttpError(416, 'rangeNotSatisfiable', {
        headers: { 'content-range': `bytes */${size}` },
      });
    }
    void reply.type(file.entry.mimetype);
    const bodyless = request.method === 'HEAD';
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(bodyless ? undefined : await open(range));
    }
    void reply.header('content-length', size);
    return reply.send(bodyless ? undefined : size === 0 ? '' : await open());
  }

  /** A zip of every completed file, streamed as it is built (HEAD: its headers only). */
  async function sendArchive(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    scope: Scope,
  ) {
    const archive = await files.archive(request.actor, id, scope);
    void reply
      .type('application/zip')
      .header(
        'content-disposition',
        contentDisposition(`${archive.name}.zip`, 'application/zip', true),
      );
    if (request.method === 'HEAD') return reply.send();
    const zip = new yazl.ZipFile();
    for (const file of archive.files) {
      zip.addReadStreamLazy(
        file.entry.key,
        { size: file.object.size ?? 0, compress: false, mtime: file.entry.createdAt },
        (done) => {
          archive.open(file).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
          );
        },
      );
    }
    zip.end();
    return reply.send(zip.outputStream);
  }

  return (app, _options, done) => {
    // Upload bodies are streamed to storage, never parsed or buffered (any content type).
    const passStream = (_request: FastifyRequest, _payload: unknown, next: (err: null) => void) =>
      next(null);
    app.addContentTypeParser('application/octet-stream', passStream);
    app.addContentTypeParser('*', passStream);

    const draft = '/api/records/:id/draft';

    app.get(
      `${draft}/files`,
      {
        schema: {
          tags,
          summary: 'List the files of a draft',
          params: idParams,
          querystring: tokenQuery,
        },
      },
      async (request) =>
        serializeFileList(await files.list(request.actor, request.params.id, 'draft'), links),
    );

    app.post(
      `${draft}/files`,
      {
        schema: {
          tags,
          summary: 'Start uploads (transfer L or M)',
          params: idParams,
          body: initBody,
        },
      },
      async (request, reply) => {
        const list = await files.init(request.actor, request.params.id, request.body);
        return reply.status(201).send(serializeFileList(list, links));
      },
    );

    app.delete(
      `${draft}/files`,
      { schema: { tags, summary: 'Delete every file of a draft', params: idParams } },
      async (request, reply) => {
        await files.removeAll(request.actor, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      `${draft}/files/:key`,
      {
        schema: {
          tags,
          summary: 'A draft file (fresh part URLs while pending)',
          params: keyParams,
          querystring: tokenQuery,
        },
      },
      async (request) =>
        serializeFile(
          await files.read(request.actor, request.params.id, 'draft', request.params.key),
          links,
        ),
    );

    app.put(
      `${draft}/files/:key`,
      { schema: { tags, summary: 'Update file metadata', params: keyParams, body: metadataBody } },
      async (request) =>
        serializeFile(
          await files.updateMetadata(
            request.actor,
            request.params.id,
            request.params.key,
            request.body,
          ),
          links,
        ),
    );

    app.delete(
      `${draft}/files/:key`,
      {
        schema: {
          tags,
          summary: 'Delete a file (aborts a pending multipart upload)',
          params: keyParams,
        },
      },
      async (request, reply) => {
        await files.remove(request.actor, request.params.id, request.params.key);
        return reply.status(204).send();
      },
    );

    app.put(
      `${draft}/files/:key/content`,
      { schema: { tags, summary: 'Upload the whole content (transfer L)', params: keyParams } },
      async (request) =>
        serializeFile(
          await files.setContent(
            request.actor,
            request.params.id,
            request.params.key,
            uploadBody(request),
          ),
          links,
        ),
    );

    app.put(
      `${draft}/files/:key/content/:part`,
      {
        schema: {
          tags,
          summary: 'Upload one part (transfer M, local storage; signed URL from links.parts)',
          params: partParams,
          querystring: partQuery,
        },
      },
      async (request) => {
        const { signature, expires } = request.query;
        const access =
          signature !== undefined && expires !== undefined
            ? { signature, expires }
            : { actor: request.actor };
        const md5 = request.headers['content-md5'];
        return serializeFile(
          await files.writePart(
            access,
            request.params.id,
            request.params.key,
            request.params.part,
            uploadBody(request),
            typeof md5 === 'string' ? md5.trim() : undefined,
          ),
          links,
        );
      },
    );

    app.post(
      `${draft}/files/:key/commit`,
      { schema: { tags, summary: 'Commit an upload', params: keyParams } },
      async (request) =>
        serializeFile(
          await files.commit(request.actor, request.params.id, request.params.key),
          links,
        ),
    );

    app.post(
      `${draft}/actions/files-import`,
      { schema: { tags, summary: 'Import the files of the previous version', params: idParams } },
      async (request, reply) => {
        const list = await files.importFiles(request.actor, request.params.id);
        return reply.status(201).send(serializeFileList(list, links));
      },
    );

    const record = '/api/records/:id';

    app.get(
      `${record}/files`,
      {
        schema: {
          tags,
          summary: 'List the files of a record',
          params: idParams,
          querystring: tokenQuery,
        },
      },
      async (request) =>
        serializeFileList(await files.list(request.actor, request.params.id, 'record'), links),
    );

    app.get(
      `${record}/files/:key`,
      {
        schema: { tags, summary: 'A file of a record', params: keyParams, querystring: tokenQuery },
      },
      async (request) =>
        serializeFile(
          await files.read(request.actor, request.params.id, 'record', request.params.key),
          links,
        ),
    );

    // Downloads, GET and HEAD. Fastify's own HEAD routes would read every byte to drop them.
    for (const scope of ['draft', 'record'] as const) {
      const base = scope === 'draft' ? draft : record;
      const of = scope === 'draft' ? 'a draft' : 'a record';
      for (const method of ['GET', 'HEAD'] as const) {
        const head = method === 'HEAD' ? ' (HEAD: the headers only)' : '';
        app.route({
          method,
          url: `${base}/files/:key/content`,
          exposeHeadRoute: false,
          config: { swagger: { exposeHeadRoute: true } },
          schema: {
            tags,
            summary: `Download a file of ${of}${head}`,
            params: keyParams,
            querystring: contentQuery,
          },
          handler: async (request, reply) =>
            sendContent(
              request,
              reply,
              request.params.id,
              scope,
              request.params.key,
              request.query.download !== undefined,
            ),
        });
        app.route({
          method,
          url: `${base}/files-archive`,
          exposeHeadRoute: false,
          config: { swagger: { exposeHeadRoute: true } },
          schema: {
            tags,
            summary: `A zip of every file of ${of}${head}`,
            params: idParams,
            querystring: tokenQuery,
          },
          handler: async (request, reply) => sendArchive(request, reply, request.params.id, scope),
        });
      }
    }

    app.get(
      '/api/admin/records/:id/quota',
      { schema: { tags, summary: "A record's file quota", params: idParams } },
      async (request) => {
        const quota = await files.quota(request.actor, request.params.id);
        return { max_files: quota.maxFiles, max_bytes: quota.maxBytes };
      },
    );

    app.put(
      '/api/admin/records/:id/quota',
      {
        schema: {
          tags,
          summary: "Set a record's file quota (administrators)",
          params: idParams,
          body: quotaBody,
        },
      },
      async (request) => {
        const quota = await files.setQuota(request.actor, request.params.id, {
          maxFiles: request.body.max_files,
          maxBytes: request.body.max_bytes,
        });
        return { max_files: quota.maxFiles, max_bytes: quota.maxBytes };
      },
    );

    done();
  };
}
