import type { Database } from '../../db/client.ts';
import type { Actor, RecordAction } from '../../permissions/records.policy.ts';
import type { RecordComponent } from './components.ts';
import { createOperation } from './create.ts';
import { deleteDraftOperation } from './delete-draft.ts';
import { deletionOperations, type DeletionOptions } from './deletion.ts';
import type { RecordDocument } from './document.ts';
import { editOperation } from './edit.ts';
import { embargoComponent, liftEmbargoOperation } from './embargo.ts';
import { createRecordKit, type RecordServiceDeps } from './kit.ts';
import { newVersionOperation } from './new-version.ts';
import { pidsComponent } from './pids.component.ts';
import { dataciteComponent } from '../pids/datacite.component.ts';
import { pidOperations } from './pids.ts';
import { publishOperations } from './publish.ts';
import { readOperations } from './read.ts';
import type { Loaded } from './state.ts';
import type { TombstoneInput } from './tombstone.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { updateDraftOperation } from './update-draft.ts';
import { createViews } from './view.ts';

export { EMBARGO_JOB } from './embargo.ts';
export type { ReadOptions, RecordView } from './view.ts';

/**
 * Drafts and published records: one module per operation (create.ts, publish.ts,
 * ...), each changing operation one unit of work (unit-of-work.ts); the
 * lifecycle components (files, PIDs, embargo, and those plugged in with `use`)
 * take part in them.
 */
export function createRecordService(deps: RecordServiceDeps) {
  const kit = createRecordKit(deps);
  kit.components.push(deps.files, pidsComponent(deps.doiPrefix), embargoComponent);
  if (deps.datacitePrefix) kit.components.push(dataciteComponent(deps.datacitePrefix));
  const views = createViews(kit);
  const { publish, publishErrors } = publishOperations(kit, views);
  const deletion = deletionOperations(kit, views, deps.siteUrl);

  return {
    create: createOperation(kit, views),
    updateDraft: updateDraftOperation(kit, views),
    deleteDraft: deleteDraftOperation(kit),
    publish,
    publishErrors,
    edit: editOperation(kit, views),
    newVersion: newVersionOperation(kit, views),
    ...pidOperations(kit, views),
    ...readOperations(kit, views),
    liftEmbargo: liftEmbargoOperation(kit),
    deleteRecord: deletion.deleteRecord,
    restoreRecord: deletion.restoreRecord,

    /**
     * Runs `work` in a unit of work holding the lock of a published record's
     * parent, with the record as read under it: a deletion request and its
     * decision (record-deletion.ts) act there, one at a time per record.
     */
    async withRecordLocked<T>(
      id: string,
      work: (locked: {
        unit: UnitOfWork;
        state: Loaded;
        authorize: (action: RecordAction, actor: Actor) => void;
        remove: (
          input: TombstoneInput,
          removedBy: AuditActor,
          options?: DeletionOptions,
        ) => Promise<void>;
      }) => Promise<T>,
    ): Promise<T> {
      return kit.unit('recordLocked', async (unit) => {
        const state = await deletion.lockRecord(unit, id);
        return work({
          unit,
          state,
          authorize: (action, actor) => kit.authorize(action, actor, state),
          remove: (input, removedBy, options = {}) =>
            deletion.removeLocked(unit, state, input, removedBy, options),
        });
      });
    },

    /** Plugs in a lifecycle component (community review...). */
    use(component: RecordComponent): void {
      kit.components.push(component);
    },

    /**
     * Runs `work` on a unit of work that holds the draft's lock, as publish and
     * discard do: a review submitted there cannot slip past their checks.
     */
    async withDraftLocked(id: string, work: (tx: Database) => Promise<void>): Promise<void> {
      await kit.unit('draftLocked', async (unit) => {
        await kit.lockDraft(unit, id);
        await work(unit.tx);
      });
    },

    /** Makes a draft and its files restricted (a restricted community takes no public record). */
    async restrictDraft(id: string): Promise<void> {
      await kit.unit('restrictDraft', async (unit) => {
        const { document } = await kit.lockDraft(unit, id);
        const access = document.access;
        if (access.record === 'restricted' && access.files === 'restricted') return;
        const restricted: RecordDocument = {
          ...document,
          access: { ...access, record: 'restricted', files: 'restricted' },
        };
        await unit.repo.updateDraft(id, restricted);
      });
    },
  };
}

export type RecordService = ReturnType<typeof createRecordService>;
