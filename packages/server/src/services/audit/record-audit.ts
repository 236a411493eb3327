import type { AuditAction, AuditSubjectType } from '@arca/schema';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { Identity } from '../../permissions/policy.ts';

type Fields = Record<string, unknown>;

/** One change to record: what, on what, and the changed fields before and after. */
export interface AuditEntry {
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string | number };
  before?: Fields | null | undefined;
  after?: Fields | null | undefined;
}

/** Who acted: an identity (with the address it came from), or the server itself. */
export type AuditActor = Pick<Identity, 'userId' | 'address'>;

/** Never kept, whatever a caller passes: secrets have no place in a log admins read. */
const SECRET_FIELDS = new Set(['token', 'passwordHash', 'password', 'password_hash', 'secret']);

const withoutSecrets = (fields: Fields | null | undefined): Fields | null => {
  if (!fields) return null;
  const kept = Object.entries(fields).filter(([key]) => !SECRET_FIELDS.has(key));
  return kept.length > 0 ? Object.fromEntries(kept) : null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `after` that differ from `before`, each side holding only
 * those: an entry says what changed, not the whole object.
 */
export function changedFields(
  before: Fields,
  after: Fields,
): { before: Fields; after: Fields } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !same(before[key], after[key]),
  );
  if (keys.length === 0) return null;
  const pick = (fields: Fields) =>
    Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * Writes one audit entry. Call it on the transaction of the change it
 * records: a change rolled back leaves no entry, and an entry is never
 * written for a change that did not happen.
 */
export async function recordAudit(
  tx: Database,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor.userId,
    actorAddress: actor.address ?? null,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: String(entry.subject.id),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
}
