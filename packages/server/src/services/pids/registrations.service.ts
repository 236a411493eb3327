import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pids } from '../../db/schema.ts';
import { accountPolicy } from '../../permissions/accounts.policy.ts';
import { can, type Identity } from '../../permissions/policy.ts';
import { notFound, permissionDenied } from '../errors.ts';
import { checkWindow, type Page } from '../pagination.ts';
import { doiRegistration } from './doi-registration.ts';
import { recordAudit } from '../audit/record-audit.ts';

export type PidRow = typeof pids.$inferSelect;

/** Where a DOI stands with its registration agency, as records show it. */
export interface DoiRegistrationState {
  /** `datacite`, or `local`: the DOI is only Arca's own and resolves nowhere. */
  agency: 'datacite' | 'local';
  /** DataCite's state as last confirmed (null: not yet there). */
  state: string | null;
  /** Not yet in the state asked for: a job is on it. */
  pending: boolean;
  /** The last attempt failed (the reason is for administrators). */
  failed: boolean;
}

/**
 * DOI registrations: the state records show, the failures administrators see
 * and retry, and hiding or showing again the DOIs of a deleted or restored record.
 */
export function createRegistrationService(db: Database, prefix: string | undefined) {
  const assertAdmin = (who: Identity) => {
    if (!can(accountPolicy, 'canManageDoiRegistrations', who, { userId: -1 })) {
      throw permissionDenied();
    }
  };
  const failing = and(eq(pids.scheme, 'doi'), isNotNull(pids.agencyError));

  return {
    enabled: prefix !== undefined,

    /** The registration state of each of these DOIs (lower-cased keys). */
    async statesOf(identifiers: string[]): Promise<Map<string, DoiRegistrationState>> {
      const ids = [...new Set(identifiers.map((id) => id.toLowerCase()))];
      const states = new Map<string, DoiRegistrationState>();
      if (ids.length === 0) return states;
      const rows = await db
        .select()
        .from(pids)
        .where(and(eq(pids.scheme, 'doi'), inArray(pids.identifier, ids)));
      for (const row of rows) states.set(row.identifier, stateOf(row));
      return states;
    },

    /** DOIs whose last registration attempt failed, most recent first. */
    async failures(
      who: Identity,
      { page, size }: Page,
    ): Promise<{ rows: PidRow[]; total: number }> {
      assertAdmin(who);
      checkWindow(page, size);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(pids)
          .where(failing)
          .orderBy(desc(pids.agencyUpdatedAt), pids.identifier)
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(pids).where(failing),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Tries a DOI's registration again now. */
    async retry(who: Identity, identifier: string): Promise<PidRow> {
      assertAdmin(who);
      const id = identifier.toLowerCase();
      const [row] = await db
        .select()
        .from(pids)
        .where(and(eq(pids.scheme, 'doi'), eq(pids.identifier, id)));
      if (!row?.agencyTarget) throw notFound();
      const target = row.agencyTarget as 'draft';
      await db.transaction(async (tx) => {
        await doiRegistration(tx, prefix).request(id, target);
        const subject = { type: 'pid' as const, id };
        await recordAudit(tx, who, { action: 'admin.doi.retry', subject, after: { target } });
      });
      return row;
    },

    /** A deleted record's DOIs (and its parent's, for a whole parent) leave DataCite's search: registered, not findable. */
    hideDoi: (objectIds: string[]) =>
      db.transaction((tx) => doiRegistration(tx, prefix).requestFor(objectIds, 'registered')),

    /** A restored record's DOIs are findable again. */
    showDoi: (objectIds: string[]) =>
      db.transaction((tx) => doiRegistration(tx, prefix).requestFor(objectIds, 'findable')),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

export function stateOf(row: PidRow): DoiRegistrationState {
  if (!row.agencyTarget) return { agency: 'local', state: null, pending: false, failed: false };
  return {
    agency: 'datacite',
    state: row.agencyState,
    pending: row.agencyState !== row.agencyTarget,
    failed: row.agencyError !== null,
  };
}
