import type { Database } from '../../db/client.ts';
import type { RecordComponent } from '../records/components.ts';
import {
  createFilesRepository,
  fileListFromJson,
  fileListJson,
  type FileSummary,
} from './files.repository.ts';

export interface FileFacts {
  /** Completed files: publishing needs at least one when files are enabled. */
  completed: number;
  pending: number;
  total: number;
  /** Completed keys among those asked about: a default preview names one of them. */
  keys: string[];
}

/**
 * What the record lifecycle does with files (STYLE.md §5): a draft's files
 * become the record's on publish, an edit draft starts with the published
 * files, a discarded draft drops its own. Objects are shared, never copied;
 * those no entry names any more are collected once the change is committed.
 */
export function createRecordFilesComponent(
  db: Database,
  collect: (ids: string[]) => Promise<void>,
) {
  const repo = createFilesRepository(db);
  const lifecycle: RecordComponent = {
    async onPublish(tx, id, { unit }) {
      const replaced = await createFilesRepository(tx).publishEntries(id);
      unit.afterCommit(() => collect(replaced));
    },

    /** An edit draft shows (and locks) the published files. */
    async onEdit(tx, id) {
      await createFilesRepository(tx).copyEntries(
        { recordId: id, draft: false },
        { recordId: id, draft: true },
      );
    },

    async onDeleteDraft(tx, id, { unit }) {
      const dropped = await createFilesRepository(tx).deleteEntries(id, true);
      unit.afterCommit(() => collect(dropped));
    },

    /** Spam and the like: the record's files leave storage (those other versions share stay). */
    async onDeleteRecord(tx, id, { unit, removeFiles }) {
      if (!removeFiles) return;
      const dropped = await createFilesRepository(tx).deleteEntries(id, false);
      unit.afterCommit(() => collect(dropped));
    },
  };
  return {
    ...lifecycle,

    /**
     * What validation needs of a draft's files, from their totals (as read
     * with the draft, else read now): counts, and whether `preview` names a
     * completed file, found among the inline entries or by its key alone.
     */
    async facts(draftId: string, preview: unknown, summary?: FileSummary): Promise<FileFacts> {
      const totals = summary ?? (await repo.totals(draftId, true));
      const count = 'count' in totals ? totals.count : totals.files;
      const entries = summary?.entries;
      let keys: string[] = [];
      if (typeof preview === 'string') {
        const file = entries
          ? entries.find((f) => f.entry.key === preview)
          : await repo.find(draftId, true, preview);
        if (file?.entry.status === 'completed') keys = [preview];
      }
      return { completed: totals.completed, pending: count - totals.completed, total: count, keys };
    },

    /** The entries as JSON folded into a record's read, and read back. */
    entriesJson: fileListJson,
    entriesFromJson: fileListFromJson,

    collect,
  };
}

export type RecordFilesComponent = ReturnType<typeof createRecordFilesComponent>;
