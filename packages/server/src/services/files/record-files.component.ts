import type { Database } from '../../db/client.ts';
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
}

/** Counts by status, from a list already read. */
export function fileFacts(files: FileWithObject[]): FileFacts {
  const completed = files.filter((f) => f.entry.status === 'completed').length;
  return { completed, pending: files.length - completed, total: files.length };
}

/**
 * What the record lifecycle does with files (STYLE.md §5): a draft's files
 * become the record's on publish, an edit draft starts with the published
 * files, a discarded draft drops its own. Objects are shared, never copied.
 */
export function createRecordFilesComponent(
  db: Database,
  collect: (ids: string[]) => Promise<void>,
) {
  const repo = createFilesRepository(db);
  return {
    async facts(draftId: string): Promise<FileFacts> {
      return fileFacts(await repo.list(draftId, true));
    },

    entries(id: string, draft: boolean): Promise<FileWithObject[]> {
      return repo.list(id, draft);
    },

    /** The entries as JSON folded into a record's read, and read back. */
    entriesJson: fileListJson,
    entriesFromJson: fileListFromJson,

    /** Inside the publish transaction; returns objects to collect after it. */
    publish(tx: Database, id: string): Promise<string[]> {
      return createFilesRepository(tx).publishEntries(id);
    },

    /** An edit draft shows (and locks) the published files. */
    async edit(id: string): Promise<void> {
      await repo.copyEntries({ recordId: id, draft: false }, { recordId: id, draft: true });
    },

    /** Inside the discard transaction; returns objects to collect after it. */
    discard(tx: Database, id: string): Promise<string[]> {
      return createFilesRepository(tx).deleteEntries(id, true);
    },

    collect,
  };
}

export type RecordFilesComponent = ReturnType<typeof createRecordFilesComponent>;
