import type { FastifyRequest } from 'fastify';
import type { VisitorInput } from '../services/stats/visitor.ts';
import type { RecordStats } from '../services/stats/reader.ts';

/** The request as statistics see the visitor (hashed before it is kept). */
export const visitorOf = (request: FastifyRequest): VisitorInput => ({
  userId: request.identity.userId,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * A serialised record with its `stats` added. Cached record answers are kept
 * without them (the counts change apart from the record): they are put in on
 * the way out, so a cache hit shows counts as fresh as an uncached read.
 */
export function withStats(body: string, stats: RecordStats): string {
  const end = body.lastIndexOf('}');
  if (end < 0) return body;
  const empty = /^\{\s*$/.test(body.slice(0, end));
  return `${body.slice(0, end)}${empty ? '' : ','}"stats":${JSON.stringify(stats)}}`;
}
