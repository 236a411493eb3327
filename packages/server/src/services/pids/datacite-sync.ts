import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pids } from '../../db/schema.ts';
import type { JobRow } from '../../jobs/queue.ts';
import {
  DataciteError,
  type DataciteClient,
  type DataciteEvent,
  type DataciteState,
} from './datacite.client.ts';

/** What `DescribeDoi` answers for a restricted record: its metadata is not DataCite's to show. */
export const WITHHELD = 'withheld';

/**
 * The DataCite attributes (kernel-4 metadata and `url`) of what a DOI
 * identifies, as of now; null when it cannot be described (no published record);
 * `WITHHELD` for a restricted record.
 */
export type DescribeDoi = (
  objectId: string,
  doi: string,
) => Promise<Record<string, unknown> | null | typeof WITHHELD>;

/** The event that moves a DOI from `from` to `to` (none: only the metadata changes). */
function eventFor(from: DataciteState | null, to: DataciteState): DataciteEvent | undefined {
  if (from === to) return undefined;
  if (to === 'findable') return 'publish';
  return from === 'findable' ? 'hide' : 'register';
}

/**
 * The job handler: reads the state the DOI's pids row asks for and makes
 * DataCite's match it. A transient failure is rethrown, so the queue tries again
 * with backoff; any failure is kept on the row for administrators to see.
 */
export function dataciteSync(db: Database, client: DataciteClient, describe: DescribeDoi) {
  const where = (doi: string) => and(eq(pids.scheme, 'doi'), eq(pids.identifier, doi));

  async function reach(doi: string, objectId: string, target: DataciteState): Promise<void> {
    const remote = await client.state(doi);
    if (target === 'draft') {
      // A draft only holds the DOI; it never moves back from registered or findable.
      if (remote === null) await client.put(doi, {});
      return;
    }
    const attributes = await describe(objectId, doi);
    if (attributes === WITHHELD) {
      // InvenioRDM's DataCite provider: a restricted record is not registered (its DOI
      // stays a draft), a registered one is hidden; its metadata never goes to DataCite.
      if (remote === null) await client.put(doi, {});
      else if (remote === 'findable') await client.put(doi, {}, 'hide');
      return;
    }
    if (!attributes) {
      if (remote === 'draft') await client.deleteDraft(doi);
      if (remote === null || remote === 'draft') return;
    }
    await client.put(doi, attributes ?? {}, eventFor(remote, target));
  }

  return async (job: JobRow): Promise<void> => {
    const doi = String(job.payload.doi);
    const [row] = await db.select().from(pids).where(where(doi));
    try {
      if (!row?.agencyTarget) {
        // The reservation was given back: its draft at DataCite goes too.
        if ((await client.state(doi)) === 'draft') await client.deleteDraft(doi);
        return;
      }
      const target = row.agencyTarget as DataciteState;
      await reach(doi, row.objectId, target);
      await db
        .update(pids)
        .set({ agencyState: target, agencyError: null, agencyUpdatedAt: new Date() })
        .where(and(where(doi), eq(pids.agencyTarget, target)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row) {
        await db
          .update(pids)
          .set({ agencyError: message.slice(0, 2000), agencyUpdatedAt: new Date() })
          .where(where(doi));
      }
      if (!(error instanceof DataciteError) || error.transient) throw error;
    }
  };
}
