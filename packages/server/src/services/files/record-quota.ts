import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { changedFields, recordAudit } from '../audit/record-audit.ts';
import { createFilesRepository } from './files.repository.ts';
import type { FileBuckets } from './file-buckets.ts';
import type { Quota } from './quota.ts';

/** A quota is the parent's, for every version: found from a draft id, else a record id. */
const EITHER = ['draft', 'record'] as const;

/** A record's file quota: read by who may read its draft, set by administrators (SPEC §9). */
export function recordQuota(buckets: FileBuckets, db: Database) {
  return {
    async quota(actor: Actor, id: string): Promise<Quota & { recordId: string }> {
      const bucket = await buckets.load(actor, id, EITHER, 'canReadQuota', true);
      return { recordId: id, ...bucket.quota };
    },

    async setQuota(actor: Actor, id: string, quota: Quota): Promise<Quota & { recordId: string }> {
      const bucket = await buckets.load(actor, id, EITHER, 'canSetQuota', true);
      const before = { maxFiles: bucket.quota.maxFiles, maxBytes: bucket.quota.maxBytes };
      const changed = changedFields(before, { maxFiles: quota.maxFiles, maxBytes: quota.maxBytes });
      await db.transaction(async (tx) => {
        await createFilesRepository(tx).setQuota(bucket.parent.id, quota.maxFiles, quota.maxBytes);
        const subject = { type: 'parent' as const, id: bucket.parent.id };
        if (changed) {
          await recordAudit(tx, actor.identity, {
            action: 'admin.record.quota',
            subject,
            ...changed,
          });
        }
      });
      return { recordId: id, ...quota };
    },
  };
}
