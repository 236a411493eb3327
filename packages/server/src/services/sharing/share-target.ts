import type { Database } from '../../db/client.ts';
import { notFound, permissionDenied } from '../errors.ts';
import type { Actor, RecordFacts } from '../../permissions/records.policy.ts';
import { canOnSharing } from '../../permissions/sharing.policy.ts';
import { effectiveAccess, type RecordDocument } from '../records/document.ts';
import { createRecordRepository, type ParentRow } from '../records/repository.ts';

/** The parent a sharing call acts on, found from a record or a draft id. */
export interface ShareTarget {
  /** The id the caller used (a published record or a draft). */
  id: string;
  parent: ParentRow;
  facts: RecordFacts;
  /** The parent has at least one published version (view links need one). */
  hasPublished: boolean;
  /** Whether `id` names a published record (else only a draft). */
  isRecord: boolean;
  title: string;
}

/**
 * Sharing works on a published record id or a draft id and acts on the
 * parent, so it applies to every version (API.md §3). Only those who may
 * manage the record get past here.
 */
export function createShareTargets(db: Database) {
  const repo = createRecordRepository(db);
  return {
    async managed(actor: Actor, id: string): Promise<ShareTarget> {
      const record = await repo.recordWithParent(id);
      const found = record
        ? { row: record.record, parent: record.parent, grants: record.grants }
        : await repo
            .draftWithParent(id)
            .then(
              (draft) => draft && { row: draft.draft, parent: draft.parent, grants: draft.grants },
            );
      if (!found) throw notFound();
      const document = found.row.document as unknown as RecordDocument;
      const facts: RecordFacts = {
        parentId: found.parent.id,
        ownerId: found.parent.ownerId,
        grants: found.grants,
        access: effectiveAccess(document),
      };
      if (!canOnSharing('canManageAccess', actor, facts)) throw permissionDenied();
      const hasPublished = record ? true : (await repo.latestRecord(found.parent.id)) !== undefined;
      const title = (document.metadata as { title?: unknown }).title;
      return {
        id,
        parent: found.parent,
        facts,
        hasPublished,
        isRecord: record !== undefined,
        title: typeof title === 'string' ? title : id,
      };
    },
  };
}

export type ShareTargets = ReturnType<typeof createShareTargets>;
