import type { users } from '../../db/schema.ts';
import type { AuditEntry } from './record-audit.ts';
import { changedFields } from './record-audit.ts';

type UserRow = typeof users.$inferSelect;

/** The account fields an audit entry shows; never the password hash. */
const shown = (row: UserRow) => ({
  email: row.email,
  username: row.username,
  full_name: row.fullName,
  is_admin: row.isAdmin,
  active: row.active,
  email_verified: row.emailVerifiedAt !== null,
});

/**
 * The entry of a change to an account, or none when nothing changed. A new
 * password shows as `password_changed`; blocking and unblocking get their own
 * actions, so they are easy to find.
 */
export function userChange(
  before: UserRow,
  after: UserRow,
  changes: { password?: string | undefined; revoke_tokens?: boolean | undefined },
  own: boolean,
): AuditEntry | null {
  const changed = changedFields(shown(before), shown(after)) ?? { before: {}, after: {} };
  if (changes.password !== undefined) {
    changed.after.password_changed = true;
    changed.after.tokens_revoked = changes.revoke_tokens !== false;
  }
  if (Object.keys(changed.after).length === 0) return null;
  const subject = { type: 'user' as const, id: after.id };
  const action = own
    ? 'account.password_change'
    : before.active && !after.active
      ? 'admin.user.block'
      : !before.active && after.active
        ? 'admin.user.unblock'
        : 'admin.user.update';
  return { action, subject, ...changed };
}
