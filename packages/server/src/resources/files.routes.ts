import { IncomingMessage } from 'node:http';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { linkBuilder } from '../http/links.ts';
import type { UploadBody } from '../services/files/files.service.ts';
import {
  commitBody,
  idParams,
  initBody,
  keyParams,
  listQuery,
  metadataBody,
  partLinkQuery,
  partPageQuery,
  partParams,
  partQuery,
  quotaBody,
  tokenQuery,
} from './files.params.ts';
import {
  serializeFile,
  serializeFileList,
  serializePartLink,
  serializePartPage,
} from './serializers/file.serializer.ts';

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

/** Draft and record files (API.md §2): uploads, commits, metadata, quota; downloads are in file-downloads.routes.ts. */
export function fileRoutes({ config, services }: AppContext): FastifyPluginCallbackZod {
  const links = linkBuilder(config.siteUrl);
  const tags = ['files'];
  const files = services.files;

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
          querystring: listQuery,
        },
      },
      async (request) => {
        const { size, after } = request.query;
        const list = await files.list(request.actor, request.params.id, 'draft', { size, after });
        return serializeFileList(list, links);
      },
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

    app.get(
      `${draft}/files/:key/parts`,
      {
        schema: {
          tags,
          summary: 'Part URLs of a multipart upload, a page at a time (links.part_urls)',
          params: keyParams,
          querystring: partPageQuery,
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const { id, key } = request.params;
        return serializePartPage(
          await files.partLinksPage(request.actor, id, key, page, size),
          links,
        );
      },
    );

    app.get(
      `${draft}/files/:key/parts/:part`,
      {
        schema: {
          tags,
          summary: "One part's URL, signed with the part's SHA-256 (transfer.part_checksum)",
          params: partParams,
          querystring: partLinkQuery,
        },
      },
      async (request) => {
        const { id, key, part } = request.params;
        const sha256 = request.query.checksum.slice('sha256:'.length).toLowerCase();
        return serializePartLink(await files.partLink(request.actor, id, key, part, sha256));
      },
    );

    app.post(
      `${draft}/files/:key/commit`,
      {
        schema: { tags, summary: 'Commit an upload', params: keyParams, body: commitBody },
      },
      async (request) =>
        serializeFile(
          await files.commit(
            request.actor,
            request.params.id,
            request.params.key,
            request.body?.checksum?.slice('sha256:'.length),
          ),
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
          querystring: listQuery,
        },
      },
      async (request) => {
        const { size, after } = request.query;
        const list = await files.list(request.actor, request.params.id, 'record', { size, after });
        return serializeFileList(list, links);
      },
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
