import type { RecordJson } from '@arca/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../http/context.ts';
import { conceptCslItem, cslItem } from '../exports/csl.ts';
import {
  BIBLIOGRAPHY,
  citationOptions,
  type citationQuery,
  formatCitation,
} from './bibliography.ts';
import { recordAnswers, type itemQuery } from './record-answers.ts';

type Query = z.infer<typeof itemQuery> & z.infer<typeof citationQuery>;

/**
 * `GET /api/records/{id}` with `Accept: text/x-bibliography`: the record formatted as a
 * citation (`?style=`, `?locale=`) from its CSL JSON export, read as the requester may read
 * it. The style and language are checked before the record is read: a bad one is 400 for
 * every record, so it tells nothing about a record the requester may not see.
 */
export function recordCitation({ config, services }: AppContext) {
  const { links, serialize } = recordAnswers(config);
  return async (request: FastifyRequest, reply: FastifyReply, id: string, query: Query) => {
    const options = citationOptions(query);
    const result = await services.records.readRecord(request.actor, id);
    if ('redirectTo' in result) {
      const location = links.api(`/records/${result.redirectTo}`);
      return reply
        .status(302)
        .header('location', location)
        .send({ status: 302, message: request.t('redirecting'), location });
    }
    // Not the UI form (the Accept is not the UI's): the record JSON every export reads.
    const record = serialize(request, result) as unknown as RecordJson;
    const item = query.allversions ? conceptCslItem(record) : cslItem(record);
    const text = formatCitation(item, options);
    return reply.type(`${BIBLIOGRAPHY}; charset=utf-8`).send(text);
  };
}
