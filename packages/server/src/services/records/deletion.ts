import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records } from '../../db/schema.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, pidNotFound } from '../errors.ts';
import { createPidService } from '../pids.service.ts';
import type { RecordKit } from './kit.ts';
import type { RecordRow } from './repository.ts';
import type { Loaded } from './state.ts';
import {
  DELETED,
  PUBLISHED,
  REMOVAL_REASONS,
  citationOf,
  isDeleted,
  recordGone,
  type Tombstone,
  type TombstoneInput,
} from './tombstone.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

export interface DeletionOptions {
  /** Every version of the record's parent, not this version alone. */
  allVersions?: boolean;
}

/**
 * The latest version of a parent is its newest one not deleted: a deleted
 * version is never latest, so the default search (latest versions) leaves it out.
 */
async function relinkLatest(tx: Database, parentId: string): Promise<void> {
  const [newest] = await tx
    .select({ id: records.id })
    .from(records)
    .where(and(eq(records.parentId, parentId), eq(records.deletionStatus, PUBLISHED)))
    .orderBy(desc(records.versionIndex))
    .limit(1);
  // Two steps: `records_one_latest` allows one latest row at any moment.
  await tx
    .update(records)
    .set({ isLatest: false })
    .where(
      and(
        eq(records.parentId, parentId),
        eq(records.isLatest, true),
        newest ? ne(records.id, newest.id) : undefined,
      ),
    );
  if (newest) await tx.update(records).set({ isLatest: true }).where(eq(records.id, newest.id));
}

/** Deleting published records (leaving a tombstone) and restoring them (InvenioRDM 12). */
export function deletionOperations(kit: RecordKit, views: RecordViews, siteUrl: string) {
  /** Whether the reason takes the files out of storage (`props.remove_files`, e.g. spam). */
  async function removesFiles(reasonId: string): Promise<boolean> {
    const found = await kit.deps.vocabularies.findMany([{ type: REMOVAL_REASONS, id: reasonId }]);
    const entry = found.get(`${REMOVAL_REASONS}:${reasonId}`) as
      { props?: { remove_files?: string } } | undefined;
    return entry?.props?.remove_files === 'true';
  }

  /** Drops a draft (an edit draft, or a new version's) with what its components keep. */
  async function discardDraft(unit: UnitOfWork, id: string): Promise<void> {
    const draft = await kit.state.draftState(id, unit.tx);
    if (!draft) return;
    for (const component of kit.components) {
      await component.onDeleteDraft?.(unit.tx, id, { unit, state: draft, recordDeleted: true });
    }
    await unit.repo.deleteDraft(id);
  }

  /**
   * Inside a unit of work holding the parent's lock: the version (or all of
   * them) gets its tombstone, leaves search, loses its drafts, and its
   * components (files, PIDs) take part. A version deleted already is refused (410).
   */
  async function removeLocked(
    unit: UnitOfWork,
    state: Loaded,
    input: TombstoneInput,
    by: AuditActor,
    options: DeletionOptions,
  ): Promise<void> {
    const removedBy = String(by.userId ?? 'system');
    const row = state.row as RecordRow;
    if (isDeleted(row)) throw recordGone(row);
    const parentId = state.parent.id;
    const versions = options.allVersions ? await unit.repo.versionsOf(parentId) : [row];
    const removeFiles = await removesFiles(input.removal_reason.id);
    const now = new Date();
    const removed = versions.filter((v) => !isDeleted(v));
    await recordAudit(unit.tx, by, {
      action: 'record.delete',
      subject: { type: 'parent', id: parentId },
      before: { records: removed.map((v) => v.id), status: 'published' },
      after: { status: 'deleted', removal_reason: input.removal_reason.id, note: input.note },
    });
    for (const version of removed) {
      const tombstone: Tombstone = {
        removal_reason: input.removal_reason,
        note: input.note,
        removed_by: { user: removedBy },
        removal_date: now.toISOString(),
        citation_text:
          input.citation_text ?? citationOf(version.document, `${siteUrl}/records/${version.id}`),
        is_visible: input.is_visible,
      };
      await unit.tx
        .update(records)
        .set({
          deletionStatus: DELETED,
          removedAt: now,
          tombstone: tombstone as unknown as Record<string, unknown>,
          isLatest: false,
          updatedAt: now,
        })
        .where(eq(records.id, version.id));
      await discardDraft(unit, version.id);
      const step = { unit, state, removeFiles };
      for (const component of kit.components) {
        await component.onDeleteRecord?.(unit.tx, version.id, step);
      }
    }
    if (options.allVersions) {
      for (const draft of await unit.repo.draftsOf(parentId)) await discardDraft(unit, draft.id);
    }
    await relinkLatest(unit.tx, parentId);
    // No version left: the concept DOI goes the way of its versions.
    const left = (await unit.repo.versionsOf(parentId)).some((v) => !isDeleted(v));
    if (!left) await createPidService(unit.tx, kit.deps.doiPrefix).onRecordDeleted(parentId);
  }

  /** Locks the record's parent and reads the record under the lock; unknown: 404. */
  async function lockRecord(unit: UnitOfWork, id: string): Promise<Loaded> {
    if (!(await unit.repo.lockParentOf(id))) throw pidNotFound();
    const state = await kit.state.recordState(id, unit.tx);
    if (!state) throw pidNotFound();
    return state;
  }

  return {
    removeLocked,
    lockRecord,

    /** An administrator deletes a record (or its whole parent) at once. */
    deleteRecord: async (
      actor: Actor,
      id: string,
      input: TombstoneInput,
      options: DeletionOptions = {},
    ): Promise<void> => {
      await kit.unit('deleteRecord', async (unit) => {
        const state = await lockRecord(unit, id);
        kit.authorize('canDelete', actor, state);
        await removeLocked(unit, state, input, actor.identity, options);
      });
    },

    /** An administrator brings a deleted version back, as it was. */
    restoreRecord: async (
      actor: Actor,
      id: string,
      options: ReadOptions = {},
    ): Promise<RecordView> => {
      await kit.unit('restoreRecord', async (unit) => {
        const state = await lockRecord(unit, id);
        kit.authorize('canDelete', actor, state);
        if (!isDeleted(state.row as RecordRow)) {
          throw new DomainError('invalid', 'recordNotDeleted');
        }
        await unit.tx
          .update(records)
          .set({
            deletionStatus: PUBLISHED,
            removedAt: null,
            tombstone: null,
            updatedAt: new Date(),
          })
          .where(eq(records.id, id));
        await relinkLatest(unit.tx, state.parent.id);
        await recordAudit(unit.tx, actor.identity, {
          action: 'record.restore',
          subject: { type: 'parent', id: state.parent.id },
          before: { records: [id], status: 'deleted' },
          after: { status: 'published' },
        });
        await createPidService(unit.tx, kit.deps.doiPrefix).onRecordRestored(state.parent.id);
        for (const component of kit.components) {
          await component.onRestoreRecord?.(unit.tx, id, { unit, state });
        }
      });
      return views.recordView(id, actor, options);
    },
  };
}

export type DeletionOperations = ReturnType<typeof deletionOperations>;
