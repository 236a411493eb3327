import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { requests } from '../../db/schema.requests.ts';
import { COMMUNITY_SUBMISSION } from '../communities/community-submission.ts';
import { COMMUNITY_INCLUSION } from '../communities/community-inclusion.ts';
import {
  createFilesRepository,
  fileListFromJson,
  fileListJson,
  fileTotalsOnlyJson,
} from '../files/files.repository.ts';
import type { RequestRow } from '../requests/types.ts';
import { createRecordRepository, type FoldedReads, type RecordRepository } from './repository.ts';

/** Review statuses a draft shows (a declined or expired review can be sent again). */
export const CURRENT_REVIEW_STATUSES = ['created', 'submitted', 'declined', 'expired'];

/** The condition selecting a draft's current community review. */
export const isCurrentReviewOf = (draftId: string | Placeholder | SQL) =>
  and(
    eq(requests.type, COMMUNITY_SUBMISSION),
    eq(requests.topicType, 'record'),
    eq(requests.topicId, draftId),
    inArray(requests.status, CURRENT_REVIEW_STATUSES),
  );

/** A draft's current review as JSON (a row or null), to fold into the draft's read. */
export const currentReviewJson = (draftId: SQL): SQL =>
  sql`(SELECT row_to_json(${requests}) FROM ${requests} WHERE ${isCurrentReviewOf(draftId)}
          ORDER BY ${requests.createdAt} DESC LIMIT 1)`;

/** The review `currentReviewJson` folded, read back. */
export const reviewFromJson = (json: unknown): RequestRow | undefined =>
  json ? rowFromJson(requests, json as Record<string, unknown>) : undefined;

/** The communities a published record has open inclusion requests to, as a JSON array. */
export const openInclusionsJson = (recordId: SQL): SQL =>
  sql`coalesce((SELECT json_agg(${requests.receiverId}) FROM ${requests}
    WHERE ${requests.type} = ${COMMUNITY_INCLUSION} AND ${requests.topicType} = 'record'
      AND ${requests.topicId} = ${recordId} AND ${requests.status} = 'submitted'
      AND ${requests.receiverType} = 'community'), '[]'::json)`;

/** `openInclusionsJson` read back. */
export const inclusionsFromJson = (json: unknown): string[] =>
  Array.isArray(json) ? json.filter((id): id is string => typeof id === 'string') : [];

/**
 * What a record's context folds into its one read: its files, its current
 * review and the communities it asked to join.
 */
export const contextReads: FoldedReads = {
  files: fileListJson,
  review: currentReviewJson,
  inclusions: openInclusionsJson,
};

/** A search hit's folds: its files' totals without their entries, which a hit never shows. */
export const hitReads: FoldedReads = { ...contextReads, files: fileTotalsOnlyJson };

export const filesFromJson = fileListFromJson;

// One repository per database handle: its prepared reads are built once.
const repositories = new WeakMap<Database, RecordRepository>();

export function contextRepository(db: Database): RecordRepository {
  let repo = repositories.get(db);
  if (!repo) {
    repo = createRecordRepository(db, () => contextReads);
    repositories.set(db, repo);
  }
  return repo;
}

/** The quota a parent was given, if any (else the site's default applies). */
export function customQuota(db: Database, parentId: string) {
  return createFilesRepository(db).quota(parentId);
}
