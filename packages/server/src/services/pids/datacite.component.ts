import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records } from '../../db/schema.ts';
import { MANAGED_PROVIDER } from '../pids.service.ts';
import type { RecordComponent } from '../records/components.ts';
import { PUBLISHED } from '../records/tombstone.ts';
import { doiRegistration } from './doi-registration.ts';

const hasLiveVersion = async (tx: Database, parentId: string) =>
  (
    await tx
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.parentId, parentId), eq(records.deletionStatus, PUBLISHED)))
      .limit(1)
  ).length > 0;

/**
 * DataCite through the lifecycle (after the PIDs component wrote the pids
 * rows): a published version's DOI becomes findable with its metadata, and so
 * does the concept DOI, which follows the latest version; a discarded draft's
 * reservation leaves DataCite. A deleted record's DOI is hidden (registered,
 * out of DataCite's search, still resolving to the tombstone); the concept DOI
 * follows the latest version left, or is hidden with the last one.
 */
export function dataciteComponent(prefix: string): RecordComponent {
  return {
    async onPublish(tx, id, { state }) {
      await doiRegistration(tx, prefix).requestFor([id, state.parent.id], 'findable');
    },

    async onDeleteRecord(tx, id, { state }) {
      const registration = doiRegistration(tx, prefix);
      await registration.requestFor([id], 'registered');
      const parentId = state.parent.id;
      const conceptTarget = (await hasLiveVersion(tx, parentId)) ? 'findable' : 'registered';
      await registration.requestFor([parentId], conceptTarget);
    },

    async onRestoreRecord(tx, id, { state }) {
      await doiRegistration(tx, prefix).requestFor([id, state.parent.id], 'findable');
    },

    async onDeleteDraft(tx, _id, { state }) {
      const doi = state.document.pids.doi;
      if (doi?.provider === MANAGED_PROVIDER && !state.facts.published) {
        await doiRegistration(tx, prefix).released(doi.identifier);
      }
    },
  };
}
