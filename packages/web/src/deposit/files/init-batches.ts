import { FILES_INIT_BATCH } from '@arca/schema';
import { entryFor, type DraftFile, type FileSpec } from './files-api.ts';

interface BatchOptions {
  /** One init call for these files; answers the entries it created. */
  post: (specs: FileSpec[]) => Promise<DraftFile[]>;
  /** The server created the upload of file `id` (cancelled files included). */
  created: (id: string, entry: DraftFile) => void;
}

/**
 * Announces the files of one upload in init calls of at most FILES_INIT_BATCH
 * keys, one call after the other, instead of one call per file. Each file's
 * entry is then taken once by the code that uploads it. When a call of several
 * files fails, its files are announced again one by one (`take` answers
 * undefined), so that each shows the server's refusal of its own.
 */
export function createInitBatches({ post, created }: BatchOptions) {
  const waiting = new Map<string, Promise<DraftFile | undefined>>();
  let queue: Promise<unknown> = Promise.resolve();

  function announceBatch(files: { id: string; spec: FileSpec }[]) {
    const answer = queue.then(() => post(files.map((file) => file.spec)));
    queue = answer.catch(() => undefined);
    for (const { id, spec } of files) {
      const entry = answer.then(
        (entries) => {
          const found = entryFor(entries, spec.key);
          created(id, found);
          return found;
        },
        (error: unknown) => {
          if (files.length === 1) throw error;
          return undefined;
        },
      );
      // Nobody may take it (its file was removed): no unhandled rejection then.
      entry.catch(() => undefined);
      waiting.set(id, entry);
    }
  }

  return {
    /** Starts announcing these files, in batches; answers at once. */
    announce(files: { id: string; spec: FileSpec }[]) {
      for (let start = 0; start < files.length; start += FILES_INIT_BATCH) {
        announceBatch(files.slice(start, start + FILES_INIT_BATCH));
      }
    },
    /** The announcement of file `id`, once; undefined when it has none (or its batch failed). */
    async take(id: string): Promise<DraftFile | undefined> {
      const entry = waiting.get(id);
      if (!entry) return undefined;
      waiting.delete(id);
      return entry;
    },
    /** Forgets a removed file's announcement. */
    forget(id: string) {
      waiting.delete(id);
    },
  };
}
