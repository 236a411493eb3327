import type { Database } from '../../../db/client.ts';
import { can } from '../../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../../permissions/records.policy.ts';
import type { Storage } from '../../../storage/storage.ts';
import { fieldError, pidNotFound } from '../../errors.ts';
import { createFilesRepository } from '../../files/files.repository.ts';
import type { RecordService } from '../records.service.ts';
import type { RecordView } from '../view.ts';
import { diffFiles, type FilesComparison } from './files-diff.ts';
import { diffMetadata, type MetadataChange } from './metadata-diff.ts';

/** One side of a comparison: which version it is. */
export interface ComparedVersion {
  id: string;
  index: number;
  version: string | null;
  publication_date: string | null;
}

export interface VersionComparison {
  /** The older version (by version index), whichever was named first. */
  from: ComparedVersion;
  to: ComparedVersion;
  metadata: MetadataChange[];
  /** Null: the caller may not read the files of one of the versions, so none are compared. */
  files: FilesComparison | null;
}

export interface CompareDeps {
  db: Database;
  storage: Storage;
  records: Pick<RecordService, 'readRecord'>;
  /** Changed text files up to this many bytes each get a line diff. */
  textLimit: number;
}

const sideOf = (view: RecordView): ComparedVersion => ({
  id: view.row.id,
  index: view.versions.index,
  version: typeof view.metadata.version === 'string' ? view.metadata.version : null,
  publication_date:
    typeof view.metadata.publication_date === 'string' ? view.metadata.publication_date : null,
});

/** Comparing two published versions of one record (issue 26, version diff). */
export function createCompareService(deps: CompareDeps) {
  const files = createFilesRepository(deps.db);

  /** A version as a read answers it: not found, forbidden or gone alike. */
  async function readVersion(actor: Actor, id: string): Promise<RecordView> {
    const view = await deps.records.readRecord(actor, id);
    // A parent id names no one version.
    if ('redirectTo' in view) throw pidNotFound();
    return view;
  }

  const entriesOf = async (view: RecordView) =>
    view.files.entries ?? (await files.list(view.row.id, false));

  return {
    async compare(
      actor: Actor,
      id: string,
      other: string,
      lang: string,
    ): Promise<VersionComparison> {
      const first = await readVersion(actor, id);
      const second = await readVersion(actor, other);
      if (first.parent.id !== second.parent.id) throw fieldError('other', 'notSameRecord');
      const [older, newer] =
        first.versions.index <= second.versions.index ? [first, second] : [second, first];
      const metadata = diffMetadata(
        { metadata: older.metadata, access: older.document.access },
        { metadata: newer.metadata, access: newer.document.access },
        lang,
      );
      const filesReadable = [older, newer].every((view) =>
        can(recordPolicy, 'canReadFiles', actor, view.facts),
      );
      return {
        from: sideOf(older),
        to: sideOf(newer),
        metadata,
        files: filesReadable
          ? await diffFiles(await entriesOf(older), await entriesOf(newer), {
              textLimit: deps.textLimit,
              open: (key) => deps.storage.read(key),
            })
          : null,
      };
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
