import { z } from 'zod';
import type { ValidationMessageKey } from './messages.ts';
import { paginationQuery } from './pagination.ts';

const msg = (key: ValidationMessageKey) => ({ error: key });

/**
 * What the audit log records, one name per kind of change. The web app
 * translates each as `audit.action.<name>`; adding one means a translation.
 */
export const AUDIT_ACTIONS = [
  'grant.create',
  'grant.update',
  'grant.delete',
  'link.create',
  'link.update',
  'link.delete',
  'access.update',
  'record.publish',
  'record.delete',
  'record.restore',
  'record.embargo_lift',
  'admin.user.create',
  'admin.user.update',
  'admin.user.block',
  'admin.user.unblock',
  'admin.user.quota',
  'admin.group.create',
  'admin.group.update',
  'admin.group.delete',
  'admin.group.member_add',
  'admin.group.member_remove',
  'admin.record.quota',
  'admin.job.retry',
  'admin.doi.retry',
  'identity.link',
  'identity.unlink',
  'account.password_change',
  'account.email_change',
  'account.create',
  'token.create',
  'token.revoke',
  'community.member_add',
  'community.member_role',
  'community.member_remove',
  'community.member_leave',
  'community.update',
  'community.delete',
  'community.restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: a record's parent, a user, a group, a job, a DOI, a community. */
export const AUDIT_SUBJECT_TYPES = ['parent', 'user', 'group', 'job', 'pid', 'community'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

const day = z.iso.date(msg('invalid'));

/** An account id as a query names it: a positive integer the database's `integer` holds. */
export const isAccountId = (value: string) =>
  /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2 ** 31 - 1;

/** `GET /api/admin/audit`: every filter optional, newest first. */
export const auditQuery = paginationQuery.extend({
  q: z.string(msg('notAString')).trim().max(200, msg('tooLong')).default(''),
  action: z.enum(AUDIT_ACTIONS, msg('invalid')).optional(),
  /** The acting user: an account id, or the account's e-mail address (any case). */
  actor: z
    .string(msg('notAString'))
    .trim()
    .toLowerCase()
    .max(254, msg('tooLong'))
    .refine((value) => isAccountId(value) || z.email().safeParse(value).success, msg('invalid'))
    .optional(),
  /** A subject id (record or parent id, user id, group id). */
  subject: z.string(msg('notAString')).trim().max(100, msg('tooLong')).optional(),
  /** First and last day (UTC) included. */
  from: day.optional(),
  to: day.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One entry as the API answers it. */
export interface AuditEvent {
  id: string;
  at: string;
  actor: { id: number; name: string } | null;
  address: string | null;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
