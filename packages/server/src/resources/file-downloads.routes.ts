import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import type { Scope } from '../services/files/files.service.ts';
import { MANIFEST_NAME } from '../services/files/manifest.ts';
import { contentDisposition, parseRange } from './content-headers.ts';
import { contentQuery, idParams, keyParams, tokenQuery } from './files.params.ts';
import { visitorOf } from './stats-answers.ts';

/**
 * Downloads of draft and record files (API.md §2): one file, with Range, a zip
 * of all, or their SHA-256 manifest.
 */
export function fileDownloadRoutes({ services }: AppContext): FastifyPluginCallbackZod {
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
    const { file, open, parentId, facts, title } = await files.content(
      request.actor,
      id,
      scope,
      key,
    );
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
    // Every request that sends bytes spends a secret link's download (ranges too: a cap holds).
    if (!bodyless) {
      await services.linkUses.spend(request.actor, {
        action: scope === 'draft' ? 'canReadDraftFiles' : 'canReadFiles',
        facts,
        recordId: id,
        title,
        fileKey: file.entry.key,
        draft: scope === 'draft',
      });
    }
    if (!bodyless && scope === 'record') {
      const event = {
        recordId: id,
        parentId,
        fileKey: file.entry.key,
        bytes: size,
        ranged: !!range,
      };
      services.stats.download(event, visitorOf(request));
    }
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

  /**
   * A stored zip of every completed file, streamed as it is built. Its length and
   * ETag are known ahead, and its bytes are always the same: Range resumes it.
   * HEAD: its headers only.
   */
  async function sendArchive(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    scope: Scope,
  ) {
    const archive = await files.archive(request.actor, id, scope);
    const total = archive.layout.total;
    void reply
      .type('application/zip')
      .header('etag', archive.etag)
      .header('accept-ranges', 'bytes')
      .header(
        'content-disposition',
        contentDisposition(`${archive.name}.zip`, 'application/zip', true),
      )
      .header('cache-control', scope === 'draft' ? 'private, no-cache' : 'private, max-age=0');
    if (request.headers['if-none-match'] === archive.etag) return reply.status(304).send();
    // A range of another archive than the one the client holds would corrupt it: then the whole.
    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === archive.etag
        ? parseRange(request.headers.range, total)
        : null;
    if (range === 'unsatisfiable') {
      throw new HttpError(416, 'rangeNotSatisfiable', {
        headers: { 'content-range': `bytes */${total}` },
      });
    }
    const bodyless = request.method === 'HEAD';
    if (!bodyless) {
      await services.linkUses.spend(request.actor, {
        action: scope === 'draft' ? 'canReadDraftFiles' : 'canReadFiles',
        facts: archive.facts,
        recordId: id,
        title: archive.title,
        fileKey: `${archive.name}.zip`,
        draft: scope === 'draft',
      });
    }
    if (!bodyless && scope === 'record') {
      const event = {
        recordId: id,
        parentId: archive.parentId,
        fileKey: '*',
        bytes: total,
        ranged: !!range,
      };
      services.stats.download(event, visitorOf(request));
    }
    const body = (start: number, end: number) =>
      bodyless ? undefined : Readable.from(archive.bytes(start, end), { objectMode: false });
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${total}`)
        .header('content-length', range.end - range.start + 1)
        .send(body(range.start, range.end + 1));
    }
    return reply.header('content-length', total).send(body(0, total));
  }

  return (app, _options, done) => {
    const draft = '/api/records/:id/draft';
    const record = '/api/records/:id';

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
      app.get(
        `${base}/files-manifest`,
        {
          schema: {
            tags,
            summary: `The BagIt-style manifest-sha256.txt of the files of ${of}`,
            params: idParams,
            querystring: tokenQuery,
          },
        },
        async (request, reply) => {
          const manifest = await files.manifest(request.actor, request.params.id, scope);
          return reply
            .type('text/plain; charset=utf-8')
            .header('content-disposition', contentDisposition(MANIFEST_NAME, 'text/plain', true))
            .header('cache-control', scope === 'draft' ? 'private, no-cache' : 'private, max-age=0')
            .send(manifest.text);
        },
      );
    }

    done();
  };
}
