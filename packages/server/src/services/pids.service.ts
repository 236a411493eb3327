import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pids } from '../db/schema.ts';

export const MANAGED_PROVIDER = 'managed';
export const EXTERNAL_PROVIDER = 'external';

/**
 * The built-in DOI provider: identifiers `{prefix}/arca.{id}`, reserved on a
 * draft and registered when it is published. Registration with a DOI agency
 * would plug in here; the pids table keeps every DOI unique across records.
 */
export function createPidService(db: Database, prefix: string) {
  // Asked on every save of a draft with an external DOI: prepared once.
  const prepareTakenByOther = () =>
    db
      .select({ objectId: pids.objectId })
      .from(pids)
      .where(
        and(
          eq(pids.scheme, 'doi'),
          eq(pids.identifier, sql.placeholder('identifier')),
          ne(pids.objectId, sql.placeholder('objectId')),
        ),
      )
      .limit(1)
      .prepare('doi_taken_by_other');
  let takenByOtherQuery: ReturnType<typeof prepareTakenByOther> | undefined;
  return {
    prefix,
    managedDoi: (objectId: string) => `${prefix}/arca.${objectId}`,

    async reserve(objectId: string): Promise<string> {
      const identifier = `${prefix}/arca.${objectId}`;
      await db
        .insert(pids)
        .values({
          scheme: 'doi',
          identifier,
          objectId,
          provider: MANAGED_PROVIDER,
          status: 'reserved',
        })
        .onConflictDoNothing();
      return identifier;
    },

    async status(identifier: string): Promise<{ objectId: string; status: string } | null> {
      const [row] = await db
        .select()
        .from(pids)
        .where(and(eq(pids.scheme, 'doi'), eq(pids.identifier, identifier.toLowerCase())));
      return row ?? null;
    },

    /** Another object already holds this DOI. */
    async takenByOther(identifier: string, objectId: string): Promise<boolean> {
      takenByOtherQuery ??= prepareTakenByOther();
      const rows = await takenByOtherQuery.execute({
        identifier: identifier.toLowerCase(),
        objectId,
      });
      return rows.length > 0;
    },

    /** Drops a reservation; registered DOIs stay. */
    async discardReserved(objectId: string): Promise<void> {
      await db
        .delete(pids)
        .where(
          and(eq(pids.objectId, objectId), eq(pids.scheme, 'doi'), eq(pids.status, 'reserved')),
        );
    },

    /**
     * Registers the object's DOI; one held by another object is never taken
     * over (false), whatever the draft says.
     */
    async register(objectId: string, identifier: string, provider: string): Promise<boolean> {
      const id = identifier.toLowerCase();
      const rows = await db
        .insert(pids)
        .values({ scheme: 'doi', identifier: id, objectId, provider, status: 'registered' })
        .onConflictDoUpdate({
          target: [pids.scheme, pids.identifier],
          set: { status: 'registered' },
          setWhere: eq(pids.objectId, objectId),
        })
        .returning({ objectId: pids.objectId });
      return rows.length > 0;
    },

    /**
     * A deleted record's (or whole parent's) DOIs: kept, never given to
     * another object, and marked `deleted`. The built-in provider only changes
     * this state; a registration agency's provider hides the DOI there.
     */
    async onRecordDeleted(objectId: string): Promise<void> {
      await db
        .update(pids)
        .set({ status: 'deleted' })
        .where(and(eq(pids.objectId, objectId), eq(pids.status, 'registered')));
    },

    /** A restored record's DOIs are registered again (state only, as on deletion). */
    async onRecordRestored(objectId: string): Promise<void> {
      await db
        .update(pids)
        .set({ status: 'registered' })
        .where(and(eq(pids.objectId, objectId), eq(pids.status, 'deleted')));
    },

    /** Registered DOIs of an object other than `keep` (an edit replaced them). */
    async releaseOthers(objectId: string, keep: string | null): Promise<void> {
      const rows = await db
        .select()
        .from(pids)
        .where(and(eq(pids.objectId, objectId), eq(pids.scheme, 'doi')));
      for (const row of rows) {
        if (row.identifier !== keep?.toLowerCase() && row.provider === EXTERNAL_PROVIDER) {
          await db
            .delete(pids)
            .where(and(eq(pids.scheme, 'doi'), eq(pids.identifier, row.identifier)));
        }
      }
    },
  };
}

export type PidService = ReturnType<typeof createPidService>;
