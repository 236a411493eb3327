import { createJobQueue } from '../../jobs/queue.ts';
import type { RecordComponent } from './components.ts';
import type { RecordDocument } from './document.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { RecordKit } from './kit.ts';

export const EMBARGO_JOB = 'lift-embargo';

/** Publishing schedules the lift of an active embargo (and cancels one no longer wanted). */
export const embargoComponent: RecordComponent = {
  async onPublish(tx, id, { state }) {
    const jobs = createJobQueue(tx, {});
    const embargo = state.document.access.embargo;
    if (embargo.active === true && typeof embargo.until === 'string') {
      await jobs.enqueue({
        kind: EMBARGO_JOB,
        key: `embargo:${id}`,
        runAt: new Date(`${embargo.until}T00:00:00Z`),
        payload: { recordId: id },
      });
    } else {
      await jobs.cancel(`embargo:${id}`);
    }
  },
};

const lift = (document: RecordDocument): RecordDocument => ({
  ...document,
  access: {
    record: 'public',
    files: 'public',
    embargo: { ...document.access.embargo, active: false },
  },
});

/**
 * Lifts an embargo whose date has come (run by the job queue): the record
 * and its edit draft, if any, become public with their files, as the embargo
 * promised; in one unit of work, after the parent's lock.
 */
export function liftEmbargoOperation(kit: RecordKit) {
  return (recordId: string, now = new Date()): Promise<'lifted' | 'not-due' | 'none'> =>
    kit.unit('liftEmbargo', async ({ repo, tx }) => {
      if (!(await repo.lockParentOf(recordId))) return 'none';
      const record = await repo.record(recordId);
      if (!record) return 'none';
      const { document } = record;
      const embargo = document.access.embargo;
      if (embargo.active !== true) return 'none';
      if (typeof embargo.until === 'string' && embargo.until > now.toISOString().slice(0, 10)) {
        return 'not-due';
      }
      const lifted = lift(document);
      await repo.updateRecordDocument(recordId, lifted);
      await recordAudit(
        tx,
        { userId: null },
        {
          action: 'record.embargo_lift',
          subject: { type: 'parent', id: record.parentId },
          before: { record: recordId, access: document.access },
          after: { record: recordId, access: lifted.access },
        },
      );
      const draft = await repo.draft(recordId);
      if (draft) await repo.updateDraft(recordId, lift(draft.document));
      for (const component of kit.components) {
        await component.onEmbargoLifted?.(tx, recordId, record.parentId);
      }
      return 'lifted';
    });
}
