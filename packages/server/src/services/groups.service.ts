import { asc, count, eq, ilike, or, and, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { groupMembers, groups, users } from '../db/schema.ts';
import { DomainError, notFound } from './errors.ts';
import { matchTerms, type Page, type UserRow } from './accounts.service.ts';
import {
  changedFields,
  recordAudit,
  type AuditActor,
  type AuditEntry,
} from './audit/record-audit.ts';

export type GroupRow = typeof groups.$inferSelect;

interface GroupEntry {
  action: `admin.group.${string}` & AuditEntry['action'];
  id: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Groups of users, managed by administrators; access can be granted to a whole group.
 * `onMembersChanged` hears of the users whose memberships changed (their cached sessions are stale).
 * Changes made `by` someone (an administrator) go to the audit log with them.
 */
export function createGroupService(
  db: Database,
  onMembersChanged: (userIds: number[]) => void = () => undefined,
) {
  async function get(id: string): Promise<GroupRow> {
    const [row] = await db.select().from(groups).where(eq(groups.id, id));
    if (!row) throw notFound();
    return row;
  }

  const audit = async (tx: Database, by: AuditActor | undefined, entry: GroupEntry) => {
    if (by) await recordAudit(tx, by, { ...entry, subject: { type: 'group', id: entry.id } });
  };

  return {
    get,

    async search(query: string, page: Page): Promise<{ rows: GroupRow[]; total: number }> {
      const where: SQL | undefined = matchTerms(query, (term) =>
        or(ilike(groups.id, term), ilike(groups.title, term), ilike(groups.description, term)),
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(groups)
          .where(where)
          .orderBy(asc(groups.id))
          .limit(page.size)
          .offset((page.page - 1) * page.size),
        db.select({ total: count() }).from(groups).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async create(
      input: {
        name: string;
        title?: string | undefined;
        description?: string | undefined;
      },
      by?: AuditActor,
    ) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(groups)
            .values({
              id: input.name,
              title: input.title ?? '',
              description: input.description ?? '',
            })
            .returning();
          const after = { title: row!.title, description: row!.description };
          await audit(tx, by, { action: 'admin.group.create', id: row!.id, after });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('invalid', 'validation', {
            errors: [{ field: 'name', messages: ['groupExists'] }],
          });
        }
        throw error;
      }
    },

    async update(
      id: string,
      changes: { title?: string | undefined; description?: string | undefined },
      by?: AuditActor,
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
        const [row] = await tx
          .update(groups)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(groups.id, id))
          .returning();
        if (!row || !before) throw notFound();
        const fields = (g: GroupRow) => ({ title: g.title, description: g.description });
        const changed = changedFields(fields(before), fields(row));
        if (changed) await audit(tx, by, { action: 'admin.group.update', id, ...changed });
        return row;
      });
    },

    async remove(id: string, by?: AuditActor): Promise<void> {
      const members = await db
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(eq(groupMembers.groupId, id));
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(groups).where(eq(groups.id, id)).returning();
        if (!gone) throw notFound();
        const before = { title: gone.title, description: gone.description };
        await audit(tx, by, { action: 'admin.group.delete', id, before });
      });
      onMembersChanged(members.map((member) => member.userId));
    },

    async members(id: string): Promise<UserRow[]> {
      await get(id);
      const rows = await db
        .select({ user: users })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(eq(groupMembers.groupId, id))
        .orderBy(asc(users.fullName), asc(users.id));
      return rows.map((row) => row.user);
    },

    async addMember(id: string, userId: number, by?: AuditActor): Promise<void> {
      await get(id);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      await db.transaction(async (tx) => {
        const added = await tx
          .insert(groupMembers)
          .values({ groupId: id, userId })
          .onConflictDoNothing()
          .returning();
        // Already a member: nothing changed, nothing to record.
        if (added.length === 0) return;
        await audit(tx, by, { action: 'admin.group.member_add', id, after: { user: userId } });
      });
      onMembersChanged([userId]);
    },

    async removeMember(id: string, userId: number, by?: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(groupMembers)
          .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId)))
          .returning();
        if (deleted.length === 0) throw notFound();
        const before = { user: userId };
        await audit(tx, by, { action: 'admin.group.member_remove', id, before });
      });
      onMembersChanged([userId]);
    },

    /** The groups a user belongs to (permission checks on group grants use it). */
    async groupsOf(userId: number): Promise<string[]> {
      const rows = await db
        .select({ id: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId));
      return rows.map((row) => row.id);
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
