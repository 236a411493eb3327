import type { Actor } from '../../permissions/records.policy.ts';
import { pidNotFound } from '../errors.ts';
import type { RecordKit } from './kit.ts';
import type { RecordRow } from './repository.ts';
import { isDeleted, recordGone } from './tombstone.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/**
 * Opens (or returns) the draft that edits a published record, with the
 * published files, in one unit of work: concurrent calls all answer the one draft.
 * A draft that was never published (or a new version's draft) is answered as
 * it is, as InvenioRDM's `edit` returns an existing draft first.
 */
export function editOperation(kit: RecordKit, views: RecordViews) {
  return async (actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> => {
    await kit.unit('edit', async (unit) => {
      if (!(await unit.repo.lockParentOf(id))) throw pidNotFound();
      const state = await kit.state.recordState(id, unit.tx);
      if (!state) {
        const draft = await kit.state.draftState(id, unit.tx);
        if (!draft) throw pidNotFound();
        kit.authorize('canEdit', actor, draft);
        return;
      }
      if (isDeleted(state.row as RecordRow)) throw recordGone(state.row as RecordRow);
      kit.authorize('canEdit', actor, state);
      if (await unit.repo.draft(id)) return;
      const record = state.row;
      await unit.repo.insertDraft({
        id,
        parentId: state.parent.id,
        versionIndex: record.versionIndex,
        document: state.document,
        revisionId: record.revisionId,
        createdAt: record.createdAt,
      });
      for (const component of kit.components) {
        await component.onEdit?.(unit.tx, id, { unit, state });
      }
    });
    return views.draftView(id, actor, options);
  };
}
