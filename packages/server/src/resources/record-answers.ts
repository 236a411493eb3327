import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { linkBuilder } from '../http/links.ts';
import type { RecordView } from '../services/records/records.service.ts';
import { serializeRecord } from './serializers/record.serializer.ts';
import { UI_JSON } from './serializers/vocabulary.serializer.ts';

/** What the records and drafts routes share: parameters and the shape of their answers. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
export const flag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');
export const itemQuery = z.object({ expand: flag, token: z.string().optional() });
/** A record body; no body is no data, an empty draft (InvenioRDM: `data or {}`). */
export const recordBody = z.record(z.string(), z.unknown()).nullish();

/** `If-Match`: the bare revision (InvenioRDM) or the quoted ETag form (API.md, Arca differences §1). */
export function expectedRevision(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
  if (!match) throw new HttpError(400, 'invalidIfMatch');
  return Number(match[1]);
}

export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** Records in answers: serialized for the caller's language, as UI JSON when asked. */
export function recordAnswers(config: Config) {
  const links = linkBuilder(config.siteUrl);
  const wantsUi = (request: FastifyRequest) => (request.headers.accept ?? '').includes(UI_JSON);
  const serialize = (request: FastifyRequest, view: RecordView) =>
    serializeRecord(view, {
      links,
      groupsEnabled: config.groupsEnabled,
      ui: wantsUi(request),
      t: request.t,
      language: request.language,
      languages: request.languages,
    });
  /** One record in the answer, with its revision as ETag (API.md §6.1). */
  const send = (request: FastifyRequest, reply: FastifyReply, view: RecordView, status = 200) => {
    if (wantsUi(request)) void reply.type(UI_JSON);
    return reply
      .status(status)
      .header('etag', `"${view.row.revisionId}"`)
      .send(serialize(request, view));
  };
  return { links, wantsUi, serialize, send };
}
