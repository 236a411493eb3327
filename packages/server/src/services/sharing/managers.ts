import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { grants, groupMembers, parents, users } from '../../db/schema.ts';

export interface Recipient {
  userId: number;
  email: string;
  locale: string | null;
}

/**
 * Everyone who manages a record: its owner, users with a `manage` grant and
 * the members of groups with one (API.md, Arca differences §4: access
 * requests reach them all). Active accounts only, each once.
 */
export async function managersOf(db: Database, parentId: string): Promise<Recipient[]> {
  const manageGrants = and(eq(grants.parentId, parentId), eq(grants.permission, 'manage'));
  const rows = await db
    .selectDistinct({ userId: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        or(
          inArray(
            users.id,
            db.select({ id: parents.ownerId }).from(parents).where(eq(parents.id, parentId)),
          ),
          inArray(
            sql`${users.id}::text`,
            db
              .select({ id: grants.subjectId })
              .from(grants)
              .where(and(manageGrants, eq(grants.subjectType, 'user'))),
          ),
          inArray(
            users.id,
            db
              .select({ id: groupMembers.userId })
              .from(groupMembers)
              .innerJoin(grants, eq(grants.subjectId, groupMembers.groupId))
              .where(and(manageGrants, eq(grants.subjectType, 'role'))),
          ),
        ),
      ),
    )
    .orderBy(users.id);
  return rows;
}
