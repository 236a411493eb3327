import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupMembers, users } from '../../db/schema.ts';

/** The members of some groups, by user id. */
export async function grantGroupMembers(db: Database, groupIds: string[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, groupIds));
  return rows.map((row) => row.userId);
}

/** A user's address, language and the name others see. */
export async function account(db: Database, userId: number | string) {
  const id = Number(userId);
  if (!Number.isSafeInteger(id)) return undefined;
  const [user] = await db
    .select({
      email: users.email,
      locale: users.locale,
      fullName: users.fullName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, id));
  return user && { ...user, name: user.fullName || user.username || user.email };
}
