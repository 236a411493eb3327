import type { Database } from '../../db/client.ts';
import type { RecordComponent } from './components.ts';
import { createOperation } from './create.ts';
import { deleteDraftOperation } from './delete-draft.ts';
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
