import type { FieldError } from '@arca/schema';
import type { Actor } from '../../permissions/records.policy.ts';
import { EXTERNAL_PROVIDER, MANAGED_PROVIDER } from '../pids.service.ts';
import type { RecordKit } from './kit.ts';
import { withSavedDraft } from './context.ts';
import { fromContext } from './state.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/**
 * Saves what the client sent; problems come back as errors. Only keys the
 * record schema does not know are dropped (reported as `unknownField`), and a
 * draft with files stays files-enabled: no contradictory draft is stored.
 */
const metadataOnlyRefused = (): FieldError => ({
  field: 'files.enabled',
  messages: ['filesExistMetadataOnly'],
  severity: 'error',
});

export function updateDraftOperation(kit: RecordKit, views: RecordViews) {
  return async (
    actor: Actor,
    id: string,
    body: unknown,
    options: ReadOptions & { expectedRevision?: number } = {},
  ): Promise<RecordView> => {
    const { document, dropped } = kit.prepare(body);
    let keptFilesEnabled = false;
    const { existing, saved } = await kit.unit('updateDraft', async (unit) => {
      const existing = await kit.lockDraft(unit, id);
      // Permission before state: who may not save learns nothing of the revision.
      kit.authorize('canUpdateDraft', actor, existing);
      kit.checkRevision(existing.row.revisionId, options.expectedRevision);
      // PIDs change only through the PID endpoints, except an external DOI typed by the user.
      const previousDoi = existing.document.pids.doi;
      if (previousDoi?.provider === MANAGED_PROVIDER) document.pids.doi = previousDoi;
      else if (document.pids.doi && document.pids.doi.provider !== EXTERNAL_PROVIDER)
        delete document.pids.doi;
      // Files are locked out of a metadata-only draft: switching them off waits for their removal.
      if (document.files.enabled === false && existing.files.count > 0) {
        document.files.enabled = true;
        keptFilesEnabled = true;
      }
      // Under the draft's lock the revision cannot move: the save goes in.
      const saved = (await unit.repo.updateDraft(id, document))!;
      return { existing, saved };
    });
    // Saved first, then validated (after the commit): a save never rejects.
    const { doiTakenByOther, ...savedRow } = saved;
    const files = existing.files;
    const errors = [
      ...dropped,
      ...(keptFilesEnabled ? [metadataOnlyRefused()] : []),
      ...(await kit.validate(
        id,
        document,
        await kit.publishedOf(existing),
        files,
        doiTakenByOther,
      )),
    ];
    // Parent, grants and version flags are as read under the lock: no second read.
    const after = withSavedDraft(existing.context, savedRow, document);
    return views.view(fromContext(after), actor, { ...options, errors, files });
  };
}
