import type { Actor } from '../../permissions/records.policy.ts';
import { pidNotFound } from '../errors.ts';
import { newRecordId } from './ids.ts';
import type { RecordKit } from './kit.ts';
import type { RecordRow } from './repository.ts';
import { isDeleted, recordGone } from './tombstone.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/**
 * Opens (or returns) the draft of the next version, in one unit of work under
 * the parent's lock: concurrent calls all answer the one draft. Files are
 * imported separately.
 */
export function newVersionOperation(kit: RecordKit, views: RecordViews) {
  return async (actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> => {
    const draftId = await kit.unit('newVersion', async (unit) => {
      if (!(await unit.repo.lockParentOf(id))) throw pidNotFound();
      const state = await kit.state.recordState(id, unit.tx);
      if (!state) throw pidNotFound();
      if (isDeleted(state.row as RecordRow)) throw recordGone(state.row as RecordRow);
      kit.authorize('canNewVersion', actor, state);
      const { document, parent } = state;
      const latest = (await unit.repo.latestRecord(parent.id))!;
      const pending = (await unit.repo.draftsOf(parent.id)).find(
        (draft) => draft.versionIndex > latest.versionIndex,
      );
      if (pending) return pending.id;
      await kit.deps.userLimits.checkOpenDrafts(unit.tx, parent.ownerId);
      const created = await unit.repo.insertDraft({
        id: newRecordId(),
        parentId: parent.id,
        versionIndex: latest.versionIndex + 1,
        document: {
          ...structuredClone(document),
          pids: {},
          files: { enabled: document.files.enabled },
        },
      });
      return created.id;
    });
    return views.draftView(draftId, actor, options);
  };
}
