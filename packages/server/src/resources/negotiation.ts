import { Readable } from 'node:stream';
import Negotiator from 'negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecordJson } from '@arca/schema';
import { EXPORT_FORMATS, exportable, type ExportFormat } from '../exports/formats.ts';
import { HttpError } from '../http/errors.ts';
import { BIBLIOGRAPHY } from './bibliography.ts';
import { UI_JSON } from './serializers/vocabulary.serializer.ts';

// Content negotiation of the record API (`Accept`, q-values honoured): the
// record JSON (also for `*/*` or no Accept), its UI form, or an export format.

export type Negotiated =
  | { kind: 'json' }
  | { kind: 'export'; format: ExportFormat }
  /** A formatted citation (`?style=`, `?locale=`): one record only, no list form. */
  | { kind: 'bibliography' };

/** The media types answered, JSON first so that `*` and ties choose it. */
function available(list: boolean): string[] {
  const types = ['application/json', UI_JSON];
  for (const format of EXPORT_FORMATS) {
    if (format.name === 'json' || (list && !format.list)) continue;
    types.push(...format.accepts);
  }
  if (!list) types.push(BIBLIOGRAPHY);
  return types;
}

const formatAccepting = (mediaType: string) =>
  EXPORT_FORMATS.find((format) => format.name !== 'json' && format.accepts.includes(mediaType));

/**
 * What to answer a request with; `list`: a search, where only formats with a list
 * form exist. A request no type of which Arca has is refused with 406.
 */
export function negotiate(request: FastifyRequest, reply: FastifyReply, list: boolean): Negotiated {
  void reply.header('vary', 'Accept');
  const types = available(list);
  const chosen = new Negotiator({ headers: { accept: request.headers.accept } }).mediaType(types);
  if (chosen === undefined) {
    throw new HttpError(406, 'notAcceptable', { params: { available: types.join(', ') } });
  }
  return answerOf(chosen);
}

function answerOf(chosen: string): Negotiated {
  if (chosen === BIBLIOGRAPHY) return { kind: 'bibliography' };
  const format =
    chosen === 'application/json' || chosen === UI_JSON ? undefined : formatAccepting(chosen);
  return format ? { kind: 'export', format } : { kind: 'json' };
}

/**
 * The answer for one record once it is read: a format it cannot be given in
 * (DataCite XML without a DOI) is negotiated away, and when the request
 * accepts nothing else it is refused with 406 saying why.
 */
export function negotiateFor(
  request: FastifyRequest,
  negotiated: Negotiated,
  record: RecordJson,
): Negotiated {
  if (negotiated.kind !== 'export' || exportable(negotiated.format, record)) return negotiated;
  const types = available(false).filter((type) => {
    const format = formatAccepting(type);
    return !format || exportable(format, record);
  });
  const chosen = new Negotiator({ headers: { accept: request.headers.accept } }).mediaType(types);
  if (chosen === undefined) {
    throw new HttpError(406, 'exportNeedsDoi', { params: { format: negotiated.format.name } });
  }
  return answerOf(chosen);
}

/** The media type a format's answer is sent as: text formats say their charset. */
function contentType(format: ExportFormat): string {
  return `${format.mediaType}; charset=utf-8`;
}

/** A string answer as is, a value as JSON. */
function body(value: string | object): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One record in an export format. */
export function sendExport(reply: FastifyReply, format: ExportFormat, record: RecordJson) {
  return reply.type(contentType(format)).send(body(format.serialize(record)));
}

/** Search results in an export format's list form, streamed one record at a time. */
export function sendExportList(
  reply: FastifyReply,
  format: ExportFormat,
  records: Iterable<RecordJson>,
) {
  return reply.type(contentType(format)).send(Readable.from(format.list!(records)));
}
