import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, parents, records } from '../../db/schema.ts';
import { fileBucketTotals, fileEntries, fileObjects, fileQuotas } from '../../db/schema.files.ts';
import { requests } from '../../db/schema.requests.ts';
import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor, type RecordAction } from '../../permissions/records.policy.ts';
import { pidNotFound, permissionDenied, DomainError } from '../errors.ts';
import { factsOf, openReviewOf } from '../records/context.ts';
import { isCurrentReviewOf } from '../records/context.repository.ts';
import type { RecordDocument } from '../records/document.ts';
import { parentGrants } from '../records/state-columns.ts';
import type { FileWithObject } from './files.repository.ts';
import { normalizeKey } from './keys.ts';
import type { Quota } from './quota.ts';

/**
 * One file of a draft, with only what a per-file call (content PUT, commit,
 * part) needs besides it: the permission facts, the quota and the draft's
 * running totals. The record context (records/context.ts) reads the whole
 * draft; an upload of thousands of files makes thousands of these calls.
 */
export interface FileTarget {
  id: string;
  parentId: string;
  ownerId: number;
  quota: Quota;
  /** The draft's totals as read with the file (quota checks read them again under the lock). */
  totals: { files: number; bytes: number };
  file: FileWithObject;
}

const placeholder = (name: string) => sql.placeholder(name) as unknown as SQL;

function prepareTarget(db: Database) {
  return db
    .select({
      published: sql<boolean>`EXISTS (SELECT 1 FROM ${records} r WHERE r.id = ${drafts.id})`,
      // Only the parts of the document the permission facts read.
      document: sql<Pick<RecordDocument, 'access' | 'files'>>`jsonb_build_object(
        'access', ${drafts.document}->'access', 'files', ${drafts.document}->'files')`,
      parent: { id: parents.id, ownerId: parents.ownerId, communities: parents.communities },
      grants: parentGrants,
      review: sql<{
        status: string;
        receiverType: string | null;
        receiverId: string | null;
      } | null>`(
        SELECT json_build_object('status', ${requests.status},
          'receiverType', ${requests.receiverType}, 'receiverId', ${requests.receiverId})
        FROM ${requests} WHERE ${isCurrentReviewOf(sql`${drafts.id}`)}
        ORDER BY ${desc(requests.createdAt)} LIMIT 1)`,
      maxFiles: fileQuotas.maxFiles,
      maxBytes: fileQuotas.maxBytes,
      files: sql<number>`coalesce(${fileBucketTotals.files}, 0)`.mapWith(Number),
      bytes: sql<number>`coalesce(${fileBucketTotals.bytes}, 0)`.mapWith(Number),
      entry: fileEntries,
      object: fileObjects,
    })
    .from(drafts)
    .innerJoin(parents, eq(parents.id, drafts.parentId))
    .leftJoin(fileQuotas, eq(fileQuotas.parentId, parents.id))
    .leftJoin(
      fileBucketTotals,
      and(eq(fileBucketTotals.recordId, drafts.id), eq(fileBucketTotals.draft, true)),
    )
    .leftJoin(
      fileEntries,
      and(
        eq(fileEntries.recordId, drafts.id),
        eq(fileEntries.draft, true),
        eq(fileEntries.key, placeholder('key')),
      ),
    )
    .leftJoin(fileObjects, eq(fileObjects.id, fileEntries.objectId))
    .where(eq(drafts.id, placeholder('id')))
    .prepare('file_target');
}

/** Reads file targets, one query each (prepared once per database handle). */
export function fileTargets(db: Database, defaultQuota: Quota) {
  let query: ReturnType<typeof prepareTarget> | undefined;

  /**
   * The file `key` of the draft `id`, if `actor` may do `action` (no actor:
   * a signed URL stands in): errors in the order the record context gives
   * them (not found, forbidden, files locked once published), then the file's.
   */
  async function load(
    actor: Actor | null,
    id: string,
    key: string,
    action: RecordAction,
  ): Promise<FileTarget> {
    query ??= prepareTarget(db);
    const [row] = await query.execute({ id, key: normalizeKey(key) });
    if (!row) throw pidNotFound();
    const facts = factsOf({
      parent: row.parent,
      document: row.document,
      grants: row.grants,
      published: row.published,
      openReview: openReviewOf(row.review ?? undefined),
    });
    if (actor && !can(recordPolicy, action, actor, facts)) throw permissionDenied();
    if (row.published) throw new DomainError('invalid', 'filesLocked');
    if (!row.entry || !row.object) {
      throw new DomainError('notFound', 'fileNotFound', { params: { key } });
    }
    return {
      id,
      parentId: row.parent.id,
      ownerId: row.parent.ownerId,
      quota:
        row.maxFiles !== null && row.maxBytes !== null
          ? { maxFiles: row.maxFiles, maxBytes: row.maxBytes }
          : defaultQuota,
      totals: { files: row.files, bytes: row.bytes },
      file: { entry: row.entry, object: row.object },
    };
  }

  return { load };
}

export type FileTargets = ReturnType<typeof fileTargets>;
