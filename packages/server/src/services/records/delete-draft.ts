import type { Actor } from '../../permissions/records.policy.ts';
import type { RecordKit } from './kit.ts';

/**
 * Discards a draft with its files and reserved DOI; the parent goes too when
 * nothing else (no version, no other draft) is left of it.
 */
export function deleteDraftOperation(kit: RecordKit) {
  return async (actor: Actor, id: string, expectedRevision?: number): Promise<void> => {
    // Permission before state, on the committed draft: then again under the lock, with
    // the checks of the components (a review submitted meanwhile took the same lock).
    const committed = await kit.loadDraft(id, actor, 'canDeleteDraft');
    kit.checkRevision(committed.row.revisionId, expectedRevision);
    for (const component of kit.components) await component.checkDeleteDraft?.(id, committed);
    await kit.unit('deleteDraft', async (unit) => {
      const state = await kit.lockDraft(unit, id);
      kit.authorize('canDeleteDraft', actor, state);
      kit.checkRevision(state.row.revisionId, expectedRevision);
      for (const component of kit.components) await component.checkDeleteDraft?.(id, state);
      for (const component of kit.components) {
        await component.onDeleteDraft?.(unit.tx, id, { unit, state });
      }
      await unit.repo.deleteDraft(id);
      const parentId = state.parent.id;
      const published = await unit.repo.versionsOf(parentId);
      const others = await unit.repo.draftsOf(parentId);
      if (published.length === 0 && others.length === 0) await unit.repo.deleteParent(parentId);
    });
  };
}
