import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records } from '../../db/schema.ts';
import { MANAGED_PROVIDER } from '../pids.service.ts';
import type { RecordComponent } from '../records/components.ts';
import type { RecordDocument } from '../records/document.ts';
import { PUBLISHED } from '../records/tombstone.ts';
import { doiRegistration } from './doi-registration.ts';

/**
 * The newest version of a parent not deleted, above `afterIndex` if given:
 * whether it is public. Undefined: none.
 */
async function latestLive(
  tx: Database,
  parentId: string,
  afterIndex = 0,
): Promise<{ isPublic: boolean } | undefined> {
  const [row] = await tx
    .select({ document: records.document })
    .from(records)
    .where(
      and(
        eq(records.parentId, parentId),
        eq(records.deletionStatus, PUBLISHED),
        gt(records.versionIndex, afterIndex),
      ),
    )
    .orderBy(desc(records.versionIndex))
    .limit(1);
  return row && { isPublic: isPublic(row.document) };
}

const isPublic = (document: RecordDocument) => document.access.record === 'public';

/**
 * DataCite through the lifecycle (after the PIDs component wrote the pids
 * rows): a published version's DOI becomes findable with its metadata, and so
 * does the concept DOI, which follows the latest version; a discarded draft's
 * reservation leaves DataCite. A restricted version's DOI is never findable
 * (`requestShown`). A deleted record's DOI is hidden (registered, out of
 * DataCite's search, still resolving to the tombstone); the concept DOI follows
 * the latest version left, or is hidden with the last one.
 */
export function dataciteComponent(prefix: string): RecordComponent {
  /** The concept DOI follows the latest live version; with none left, it is hidden. */
  async function conceptFollows(tx: Database, parentId: string): Promise<void> {
    const latest = await latestLive(tx, parentId);
    const registration = doiRegistration(tx, prefix);
    if (latest) await registration.requestShown([parentId], latest.isPublic);
    else await registration.requestFor([parentId], 'registered');
  }

  return {
    async onPublish(tx, id, { state }) {
      const registration = doiRegistration(tx, prefix);
      const shown = isPublic(state.document);
      await registration.requestShown([id], shown);
      // A newer version than this one (an edit of an older version) leads the concept DOI.
      const newer = await latestLive(tx, state.parent.id, state.row.versionIndex);
      await registration.requestShown([state.parent.id], newer ? newer.isPublic : shown);
    },

    async onDeleteRecord(tx, id, { state }) {
      await doiRegistration(tx, prefix).requestFor([id], 'registered');
      await conceptFollows(tx, state.parent.id);
    },

    async onRestoreRecord(tx, id, { state }) {
      await doiRegistration(tx, prefix).requestShown([id], isPublic(state.document));
      await conceptFollows(tx, state.parent.id);
    },

    async onEmbargoLifted(tx, id, parentId) {
      await doiRegistration(tx, prefix).requestShown([id], true);
      await conceptFollows(tx, parentId);
    },

    async onDeleteDraft(tx, _id, { state }) {
      const doi = state.document.pids.doi;
      if (doi?.provider === MANAGED_PROVIDER && !state.facts.published) {
        await doiRegistration(tx, prefix).released(doi.identifier);
      }
    },
  };
}
