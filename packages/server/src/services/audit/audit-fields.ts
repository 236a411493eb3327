import type { AuditAction } from '@arca/schema';
import type { GrantRow, LinkRow } from '../sharing/access.service.ts';
import { changedFields, type AuditEntry } from './record-audit.ts';

/** What an audit entry keeps of a grant: who holds it and at what level. */
export const grantFields = (row: GrantRow) => ({
  grant: row.id,
  subject: `${row.subjectType}:${row.subjectId}`,
  permission: row.permission,
});

/** What an audit entry keeps of a secret link: never its token. */
export const linkFields = (row: LinkRow) => ({
  link: row.id,
  permission: row.permission,
  expires_at: row.expiresAt,
  description: row.description,
  max_uses: row.maxUses,
  max_downloads: row.maxDownloads,
  one_visitor: row.oneVisitor,
  notify_first_use: row.notifyFirstUse,
});

const finalUsage = (row: LinkRow) => ({
  uses: row.useCount,
  downloads: row.downloadCount,
  visitors: row.visitorCount,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The entry of a change to one of a parent's secret links; only changed fields on update. */
export function linkAudit(
  action: Extract<AuditAction, `link.${string}`>,
  parentId: string,
  before: LinkRow | null,
  after: LinkRow | null,
): AuditEntry {
  const subject = { type: 'parent' as const, id: parentId };
  if (!before || !after) {
    return {
      action,
      subject,
      // A deleted link's uses go with it: its entry keeps the final counts.
      before: before && { ...linkFields(before), ...finalUsage(before) },
      after: after && linkFields(after),
    };
  }
  const changed = changedFields(linkFields(before), linkFields(after));
  return {
    action,
    subject,
    before: { link: before.id, ...changed?.before },
    after: { link: after.id, ...changed?.after },
  };
}

/**
 * What a publication changed: the version published, and its visibility and
 * embargo where they differ from the version it replaces (all of them the first time).
 */
export function publishChanges(
  recordId: string,
  previous: Record<string, unknown> | undefined,
  next: Record<string, unknown>,
): Pick<AuditEntry, 'before' | 'after'> {
  if (!previous) return { before: null, after: { record: recordId, access: next } };
  const changed = changedFields(previous, next);
  return {
    before: { record: recordId, ...(changed ? { access: changed.before } : {}) },
    after: { record: recordId, ...(changed ? { access: changed.after } : {}) },
  };
}
