import type { Database } from '../../db/client.ts';
import type { communities } from '../../db/schema.communities.ts';
import { changedFields, recordAudit, type AuditActor } from '../audit/record-audit.ts';

type Row = typeof communities.$inferSelect;

/**
 * What an entry keeps of a community's settings: who may see it, its members
 * and its records, and who may join and submit (each an access change), with
 * its address and name. Its long texts (description, pages) are left out.
 */
const settingsOf = (row: Row) => ({
  slug: row.slug,
  title: row.title,
  visibility: row.visibility,
  members_visibility: row.membersVisibility,
  member_policy: row.memberPolicy,
  record_submission_policy: row.submissionPolicy,
  review_policy: row.reviewPolicy,
});

/**
 * Records a change of a community's settings (an administrator restricting
 * it, an owner opening it to members...), on the transaction of the change:
 * only the fields that changed; nothing when none of them did.
 */
export async function recordSettingsChange(
  tx: Database,
  actor: AuditActor,
  before: Row,
  after: Row,
): Promise<void> {
  const changed = changedFields(settingsOf(before), settingsOf(after));
  if (!changed) return;
  await recordAudit(tx, actor, {
    action: 'community.update',
    subject: { type: 'community', id: after.id },
    before: changed.before,
    after: changed.after,
  });
}
