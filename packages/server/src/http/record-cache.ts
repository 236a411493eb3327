import { createAnnouncedCache } from '../db/announced-cache.ts';

export const RECORD_CHANGES_CHANNEL = 'arca_record_changes';

export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  /** The record version answered: a cache hit counts a view of it (usage statistics). */
  subject?: { recordId: string; parentId: string };
}

/**
 * Serialised answers to anonymous reads of published records, grouped by
 * parent: a database trigger announces every change to a record or a parent,
 * and each app server drops that parent's answers (see announced-cache.ts).
 * A server also forgets everything at once after each write it answers itself
 * (read-your-writes), before the announcement arrives.
 */
export function createRecordCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** The answers' characters together, at most. */
  maxWeight: number;
}) {
  return createAnnouncedCache<CachedAnswer>({
    channel: RECORD_CHANGES_CHANNEL,
    weigh: (answer) => answer.body.length,
    ...options,
  });
}

export type RecordCache = ReturnType<typeof createRecordCache>;
