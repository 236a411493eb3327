import type { Database } from '../../db/client.ts';
import type { RecordComponent } from '../records/components.ts';
import {
  createFilesRepository,
  fileListFromJson,
  fileListJson,
  type FileWithObject,
} from './files.repository.ts';

export interface FileFacts {
  /** Completed files: publishing needs at least one when files are enabled. */
  completed: number;
  pending: number;
  total: number;
  /** The keys of the completed files: a default preview names one of them. */
  keys: string[];
}

/** Counts by status, from a list already read. */
export function fileFacts(files: FileWithObject[]): FileFacts {
  const keys = files.filter((f) => f.entry.status === 'completed').map((f) => f.entry.key);
  return { completed: keys.length, pending: files.length - keys.length, total: files.length, keys };
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
  };
  return {
    ...lifecycle,

    async facts(draftId: string): Promise<FileFacts> {
      return fileFacts(await repo.list(draftId, true));
    },

    entries(id: string, draft: boolean): Promise<FileWithObject[]> {
      return repo.list(id, draft);
    },

    /** The entries as JSON folded into a record's read, and read back. */
    entriesJson: fileListJson,
    entriesFromJson: fileListFromJson,

    collect,
  };
}

export type RecordFilesComponent = ReturnType<typeof createRecordFilesComponent>;
