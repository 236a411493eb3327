import type { Database } from '../../db/client.ts';
import type { Actor, RecordFacts } from '../../permissions/records.policy.ts';
import { loadAuthorized, type RecordContext } from '../records/context.ts';
import { createRecordRepository, type ParentRow } from '../records/repository.ts';

/** The parent a sharing call acts on, found from a record or a draft id. */
export interface ShareTarget {
  /** The id the caller used (a published record or a draft). */
  id: string;
  parent: ParentRow;
  facts: RecordFacts;
  context: RecordContext;
  /** The parent has at least one published version (view links need one). */
  hasPublished: boolean;
  /** Whether `id` names a published record (else only a draft). */
  isRecord: boolean;
  title: string;
}

/**
 * Sharing works on a published record id or a draft id and acts on the
 * parent, so it applies to every version (API.md §3). Only those who may
 * manage its access get past here.
 */
export function createShareTargets(db: Database) {
  const repo = createRecordRepository(db);
  return {
    async managed(actor: Actor, id: string): Promise<ShareTarget> {
      const context = await loadAuthorized(db, actor, id, ['record', 'draft'], 'canManageAccess');
      const isRecord = context.scope === 'record';
      const hasPublished = isRecord || (await repo.latestRecord(context.parent.id)) !== undefined;
      const title = context.document.metadata.title;
      return {
        id,
        parent: context.parent,
        facts: context.facts,
        context,
        hasPublished,
        isRecord,
        title: typeof title === 'string' ? title : id,
      };
    },
  };
}

export type ShareTargets = ReturnType<typeof createShareTargets>;
