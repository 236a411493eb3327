import type { Actor } from '../../permissions/records.policy.ts';
import { notFound } from '../errors.ts';
import type { RecordKit } from './kit.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/**
 * Opens (or returns) the draft that edits a published record, with the
 * published files, in one unit of work: concurrent calls all answer the one draft.
 */
export function editOperation(kit: RecordKit, views: RecordViews) {
  return async (actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> => {
    await kit.unit('edit', async (unit) => {
      if (!(await unit.repo.lockParentOf(id))) throw notFound();
      const state = await kit.state.recordState(id, unit.tx);
      if (!state) throw notFound();
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
