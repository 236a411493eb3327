import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pids } from '../../db/schema.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { MANAGED_PROVIDER } from '../pids.service.ts';
import type { DataciteState } from './datacite.client.ts';

/** The managed DOIs (a record's, a parent's concept DOI) of some objects. */
export async function managedDois(tx: Database, objectIds: string[]): Promise<string[]> {
  if (objectIds.length === 0) return [];
  const rows = await tx
    .select({ identifier: pids.identifier })
    .from(pids)
    .where(
      and(
        eq(pids.scheme, 'doi'),
        eq(pids.provider, MANAGED_PROVIDER),
        inArray(pids.objectId, objectIds),
      ),
    );
  return rows.map((row) => row.identifier);
}

/** Brings one DOI at DataCite to the state its pids row asks for. */
export const DATACITE_JOB = 'datacite-sync';

/**
 * Asks, inside the caller's unit of work, for DOIs to reach a state at
 * DataCite; a job makes the calls after the commit, so an outage never holds up
 * the operation, and a later request for the same DOI replaces a pending one
 * (the job reads the wanted state when it runs). `prefix`: DataCite's, or
 * undefined when DataCite is not configured (DOIs then stay local).
 */
export function doiRegistration(tx: Database, prefix: string | undefined) {
  const registered = (identifier: string) =>
    prefix !== undefined && identifier.toLowerCase().startsWith(`${prefix}/`);
  const schedule = (identifier: string) =>
    createJobQueue(tx, {}).enqueue({
      kind: DATACITE_JOB,
      key: `${DATACITE_JOB}:${identifier}`,
      runAt: new Date(),
      payload: { doi: identifier },
    });

  return {
    enabled: prefix !== undefined,

    /** The DOI (its pids row written already) is to reach `target`. */
    async request(identifier: string, target: DataciteState): Promise<void> {
      const id = identifier.toLowerCase();
      if (!registered(id)) return;
      await tx
        .update(pids)
        .set({ agencyTarget: target, agencyUpdatedAt: new Date() })
        .where(and(eq(pids.scheme, 'doi'), eq(pids.identifier, id)));
      await schedule(id);
    },

    /** The DOI's reservation was given back (its row is gone): its DataCite draft goes. */
    async released(identifier: string): Promise<void> {
      const id = identifier.toLowerCase();
      if (registered(id)) await schedule(id);
    },

    /** The managed DOIs of these objects (a record, a parent's concept DOI) are to reach `target`. */
    async requestFor(objectIds: string[], target: DataciteState): Promise<void> {
      if (!prefix) return;
      for (const doi of await managedDois(tx, objectIds)) await this.request(doi, target);
    },

    /**
     * A published record's DOIs (or the concept DOI of a parent whose latest
     * version it is): findable when the record is public. A restricted one is
     * never made findable (InvenioRDM's DataCite provider): a DOI DataCite has
     * registered is hidden, any other stays a draft.
     */
    async requestShown(objectIds: string[], isPublic: boolean): Promise<void> {
      if (!prefix || objectIds.length === 0) return;
      if (isPublic) return this.requestFor(objectIds, 'findable');
      const rows = await tx
        .select({ identifier: pids.identifier, state: pids.agencyState })
        .from(pids)
        .where(
          and(
            eq(pids.scheme, 'doi'),
            eq(pids.provider, MANAGED_PROVIDER),
            inArray(pids.objectId, objectIds),
          ),
        );
      for (const row of rows) {
        const wasRegistered = row.state === 'registered' || row.state === 'findable';
        await this.request(row.identifier, wasRegistered ? 'registered' : 'draft');
      }
    },
  };
}

export type DoiRegistration = ReturnType<typeof doiRegistration>;
