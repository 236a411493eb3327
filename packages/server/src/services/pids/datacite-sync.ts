import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs, pids } from '../../db/schema.ts';
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

/** What an attempt sends for a DOI to reach `target`, as a hash. */
const digestOf = (target: string, attributes: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([target, attributes ?? null]))
    .digest('hex');

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

  /** Makes DataCite's state match; `sending` learns what the attempt sends, before it is sent. */
  async function reach(
    doi: string,
    objectId: string,
    target: DataciteState,
    sending: (digest: string) => void,
  ): Promise<void> {
    if (target === 'draft') {
      sending(digestOf(target, null));
      // A draft only holds the DOI; it never moves back from registered or findable.
      if ((await client.state(doi)) === null) await client.put(doi, {});
      return;
    }
    const attributes = await describe(objectId, doi);
    sending(digestOf(target, attributes));
    const remote = await client.state(doi);
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
    let digest: string | null = null;
    try {
      if (!row?.agencyTarget) {
        // The reservation was given back: its draft at DataCite goes too.
        if ((await client.state(doi)) === 'draft') await client.deleteDraft(doi);
        return;
      }
      const target = row.agencyTarget as DataciteState;
      await reach(doi, row.objectId, target, (sent) => (digest = sent));
      await db
        .update(pids)
        .set({
          agencyState: target,
          agencyError: null,
          agencyDigest: null,
          agencyUpdatedAt: new Date(),
        })
        .where(and(where(doi), eq(pids.agencyTarget, target)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row) {
        await db
          .update(pids)
          .set({
            agencyError: message.slice(0, 2000),
            agencyDigest: digest,
            agencyUpdatedAt: new Date(),
          })
          .where(where(doi));
      }
      if (!(error instanceof DataciteError) || error.transient) throw error;
    }
  };
}

/** Looks again at the registrations that failed for good (run once after each start). */
export const DATACITE_RECHECK_JOB = 'datacite-recheck';

/**
 * The recheck job: a registration DataCite refused (400, 404, 409, 422...) is
 * not retried on its own, as the same request would be refused again. Editing
 * the record asks again at once; this catches the rest (a record or a mapping
 * changed by an upgrade): a failed DOI whose attempt would now send something
 * else is queued again. `requeue` schedules the DOI's sync job.
 */
export function dataciteRecheck(
  db: Database,
  describe: DescribeDoi,
  requeue: (doi: string, target: DataciteState) => Promise<void>,
) {
  return async (): Promise<void> => {
    const failed = await db
      .select()
      .from(pids)
      .where(
        and(
          eq(pids.scheme, 'doi'),
          isNotNull(pids.agencyError),
          isNotNull(pids.agencyTarget),
          isNotNull(pids.agencyDigest),
          // Not those waiting for a retry already.
          sql`NOT EXISTS (SELECT 1 FROM ${jobs} j WHERE j.key = 'datacite-sync:' || ${pids.identifier})`,
        ),
      );
    for (const row of failed) {
      const target = row.agencyTarget as DataciteState;
      const now = target === 'draft' ? null : await describe(row.objectId, row.identifier);
      if (digestOf(target, now) !== row.agencyDigest) await requeue(row.identifier, target);
    }
  };
}
