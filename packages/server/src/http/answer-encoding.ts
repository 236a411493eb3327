import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import { COMPRESSION_THRESHOLD } from './compression.ts';

/*
 * Answers kept serialised (search-cache.ts) are also kept compressed: the
 * compression plugin would otherwise compress the same bytes again for every
 * caller, which costs three to four times the rest of such a request. The
 * encoding is chosen as the plugin chooses it (compression.ts), with its settings.
 */

export type AnswerEncoding = 'br' | 'gzip';

/** A serialised answer and its compressed forms, each made when first asked for. */
export interface KeptAnswer {
  body: string;
  encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

export const keptAnswer = (body: string): KeptAnswer => ({ body, encoded: {} });

const ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];

/** @fastify/compress's choice: no preference (`*`) and `x-gzip` count as gzip. */
function encodingFor(request: FastifyRequest): AnswerEncoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
}

const compressors: Record<AnswerEncoding, (body: string) => Buffer> = {
  // The plugin's defaults.
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }),
  gzip: (body) => zlib.gzipSync(body),
};

/** Sends a kept answer, compressed as the client accepts (the plugin lets it through). */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  contentType: string,
) {
  void reply.type(contentType);
  const encoding = encodingFor(request);
  if (!encoding || Buffer.byteLength(answer.body) < COMPRESSION_THRESHOLD) {
    return reply.send(answer.body);
  }
  const bytes = (answer.encoded[encoding] ??= compressors[encoding](answer.body));
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .send(bytes);
}
