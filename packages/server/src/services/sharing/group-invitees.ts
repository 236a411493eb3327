import type { GrantCreate } from '@arca/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { grants, groupMembers, users } from '../../db/schema.ts';
import { GRANT_LEVELS } from '../../permissions/records.policy.ts';
import type { UserRow } from '../accounts.service.ts';

const rank = (permission: string) => GRANT_LEVELS.indexOf(permission as never);

/** A group member to tell of a group grant, with the grant that tells them. */
export interface GroupInvitee {
  user: UserRow;
  grant: GrantCreate;
}

/**
 * Who is told of the group grants of one request that asked to notify: the
 * groups' active members, each once (through the strongest of those grants).
 * Left out: the person granting, the owner (who has every right already) and
 * members whose own user grant on the record (given before or in this request)
 * already gives as much: the group grant changes nothing for them, and a user
 * grant asked for in this request has its own mail. Reads on `tx`, after the
 * grants were written.
 */
export async function groupInvitees(
  tx: Database,
  parent: { id: string; ownerId: number },
  input: GrantCreate[],
  grantorId: number | null,
): Promise<GroupInvitee[]> {
  const notified = input.filter((grant) => grant.subject.type === 'role' && grant.notify);
  if (notified.length === 0) return [];
  const [members, userGrants] = await Promise.all([
    tx
      .select({ user: users, groupId: groupMembers.groupId })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(
        and(
          inArray(
            groupMembers.groupId,
            notified.map((grant) => grant.subject.id),
          ),
          eq(users.active, true),
        ),
      )
      .orderBy(users.id),
    tx
      .select({ subjectId: grants.subjectId, permission: grants.permission })
      .from(grants)
      .where(and(eq(grants.parentId, parent.id), eq(grants.subjectType, 'user'))),
  ]);
  const ownRank = new Map(userGrants.map((grant) => [grant.subjectId, rank(grant.permission)]));
  const invitees = new Map<number, GroupInvitee>();
  for (const { user, groupId } of members) {
    if (user.id === grantorId || user.id === parent.ownerId) continue;
    const grant = notified.find((candidate) => candidate.subject.id === groupId)!;
    if ((ownRank.get(String(user.id)) ?? -1) >= rank(grant.permission)) continue;
    const chosen = invitees.get(user.id);
    if (!chosen || rank(grant.permission) > rank(chosen.grant.permission)) {
      invitees.set(user.id, { user, grant });
    }
  }
  return [...invitees.values()];
}
