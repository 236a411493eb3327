import type { FieldError, GrantCreate, GrantPermission } from '@arca/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { grants, groups, users } from '../../db/schema.ts';
import { DomainError, permissionDenied, validationFailed } from '../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { receiverPolicy } from '../../permissions/accounts.policy.ts';
import { anonymous, can } from '../../permissions/policy.ts';
import type { UserRow } from '../accounts.service.ts';
import type { GroupRow } from '../groups.service.ts';
import type { GrantRow } from './access.service.ts';
import { shownUsers } from '../people.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { grantFields } from '../audit/audit-fields.ts';
import { groupInvitees } from './group-invitees.ts';
import { managersOf, type Recipient } from './managers.ts';
import type { ShareTarget, ShareTargets } from './share-target.ts';

export type SubjectType = 'user' | 'role';

/** A grant, with its subject resolved when the caller asked for `expand`. */
export interface GrantView {
  row: GrantRow;
  subject?:
    | {
        type: 'user';
        user: UserRow;
        /** Whether the caller may see their name (personPolicy). */ shown: boolean;
      }
    | { type: 'role'; group: GroupRow }
    | undefined;
}

/** Which grant a call names: its stable id, or its subject (API.md §3.3). */
export type GrantRef = { id: string } | { type: SubjectType; subjectId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFoundFor = (ref: GrantRef) =>
  new DomainError(
    'notFound',
    'id' in ref
      ? 'grantNotFound'
      : ref.type === 'user'
        ? 'userGrantNotFound'
        : 'groupGrantNotFound',
  );

/**
 * Grants to users and groups (API.md §3.2–3.3). They live on the parent, so
 * they apply to every version. Only users with a public profile can be
 * invited, a subject holds at most one grant, and the owner is never a
 * grantee: ownership already gives every right.
 */
export function createGrantService(deps: {
  db: Database;
  targets: ShareTargets;
  mailer: Mailer;
  groupsEnabled: boolean;
  /** Only accounts with a confirmed address may be given access (issue 23). */
  requireVerifiedEmail: boolean;
  siteUrl: string;
  siteName: string;
}) {
  const { db, targets, mailer } = deps;

  function checkGroups(type: SubjectType): void {
    if (type === 'role' && !deps.groupsEnabled) throw permissionDenied();
  }

  async function expand(actor: Actor, rows: GrantRow[]): Promise<GrantView[]> {
    const userIds = rows
      .filter((row) => row.subjectType === 'user')
      .map((row) => Number(row.subjectId))
      .filter(Number.isSafeInteger);
    const groupIds = rows.filter((row) => row.subjectType === 'role').map((row) => row.subjectId);
    const [userRows, groupRows] = await Promise.all([
      userIds.length ? db.select().from(users).where(inArray(users.id, userIds)) : [],
      groupIds.length ? db.select().from(groups).where(inArray(groups.id, groupIds)) : [],
    ]);
    const userById = new Map(userRows.map((user) => [String(user.id), user]));
    const shown = await shownUsers(db, actor, userRows);
    const groupById = new Map(groupRows.map((group) => [group.id, group]));
    return rows.map((row) => {
      const user = row.subjectType === 'user' ? userById.get(row.subjectId) : undefined;
      const group = row.subjectType === 'role' ? groupById.get(row.subjectId) : undefined;
      return {
        row,
        subject: user
          ? { type: 'user', user, shown: shown.has(user.id) }
          : group
            ? { type: 'role', group }
            : undefined,
      };
    });
  }

  const present = async (
    actor: Actor,
    rows: GrantRow[],
    withSubjects: boolean,
  ): Promise<GrantView[]> => (withSubjects ? expand(actor, rows) : rows.map((row) => ({ row })));

  async function find(target: ShareTarget, ref: GrantRef): Promise<GrantRow> {
    if ('id' in ref && !UUID.test(ref.id)) throw notFoundFor(ref);
    const condition =
      'id' in ref
        ? eq(grants.id, ref.id)
        : and(eq(grants.subjectType, ref.type), eq(grants.subjectId, ref.subjectId));
    const [row] = await db
      .select()
      .from(grants)
      .where(and(eq(grants.parentId, target.parent.id), condition));
    if (!row) throw notFoundFor(ref);
    return row;
  }

  /** The people a request invites, checked; every problem reported by field. */
  const mayReceive = (user: UserRow) =>
    can(receiverPolicy, 'canReceiveGrant', anonymous, {
      emailVerified: user.emailVerifiedAt !== null,
      verificationRequired: deps.requireVerifiedEmail,
    });

  async function checkSubjects(target: ShareTarget, input: GrantCreate[]) {
    for (const grant of input) checkGroups(grant.subject.type);
    const userIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);
    const wantedUsers = input
      .filter((grant) => grant.subject.type === 'user')
      .map((grant) => userIdOf(grant.subject.id))
      .filter((id): id is number => id !== null);
    const wantedGroups = input
      .filter((grant) => grant.subject.type === 'role')
      .map((grant) => grant.subject.id);
    // Only those who can be found by search can be invited (SPEC §6).
    const [found, foundGroups] = await Promise.all([
      wantedUsers.length
        ? db
            .select()
            .from(users)
            .where(
              and(
                inArray(users.id, wantedUsers),
                eq(users.active, true),
                eq(users.visibility, 'public'),
              ),
            )
        : [],
      wantedGroups.length
        ? db.select({ id: groups.id }).from(groups).where(inArray(groups.id, wantedGroups))
        : [],
    ]);
    const invitable = new Map(found.map((user) => [user.id, user]));
    const groupIds = new Set(foundGroups.map((group) => group.id));

    const errors: FieldError[] = [];
    const seen = new Set<string>();
    const invited = new Map<number, UserRow>();
    for (const [index, grant] of input.entries()) {
      const field = `grants.${index}.subject.id`;
      const { type, id } = grant.subject;
      const key = `${type}:${id}`;
      if (seen.has(key)) errors.push({ field, messages: ['duplicateGrant'] });
      seen.add(key);
      if (type === 'user') {
        const userId = userIdOf(id);
        const user = userId === null ? undefined : invitable.get(userId);
        if (userId === target.parent.ownerId) errors.push({ field, messages: ['grantToOwner'] });
        else if (!user) errors.push({ field, messages: ['subjectNotFound'] });
        else if (!mayReceive(user)) errors.push({ field, messages: ['subjectNotVerified'] });
        else invited.set(user.id, user);
      } else if (!groupIds.has(id)) {
        errors.push({ field, messages: ['subjectNotFound'] });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    return invited;
  }

  async function grantorName(actor: Actor): Promise<string> {
    if (actor.identity.userId === null) return '';
    const [user] = await db.select().from(users).where(eq(users.id, actor.identity.userId));
    return user?.fullName || user?.username || user?.email || '';
  }

  const recordUrl = (target: ShareTarget) =>
    target.hasPublished
      ? `${deps.siteUrl}/records/${target.id}`
      : `${deps.siteUrl}/uploads/${target.id}`;

  return {
    /** Who an access request for this parent goes to (the requests issue mails them). */
    managers: (parentId: string): Promise<Recipient[]> => managersOf(db, parentId),

    async list(
      actor: Actor,
      id: string,
      options: { type?: SubjectType; expand?: boolean } = {},
    ): Promise<GrantView[]> {
      if (options.type) checkGroups(options.type);
      const target = await targets.managed(actor, id);
      const rows = await db
        .select()
        .from(grants)
        .where(
          and(
            eq(grants.parentId, target.parent.id),
            options.type ? eq(grants.subjectType, options.type) : undefined,
          ),
        )
        .orderBy(grants.createdAt, grants.id);
      return present(actor, rows, options.expand === true);
    },

    /** Creates every grant or none; mails the users, and groups' members, asked to be told. */
    async create(
      actor: Actor,
      id: string,
      input: GrantCreate[],
      options: { expand?: boolean } = {},
    ): Promise<GrantView[]> {
      const target = await targets.managed(actor, id);
      const invited = await checkSubjects(target, input);
      const origin = actor.identity.userId === null ? 'system' : `api:${actor.identity.userId}`;
      const grantor = await grantorName(actor);
      try {
        const rows = await db.transaction(async (tx) => {
          // One millisecond apart, so lists show the grants in the order they were given.
          const now = Date.now();
          const created = await tx
            .insert(grants)
            .values(
              input.map((grant, index) => ({
                parentId: target.parent.id,
                subjectType: grant.subject.type,
                subjectId: grant.subject.id,
                permission: grant.permission,
                origin,
                createdAt: new Date(now + index),
              })),
            )
            .returning();
          created.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
          for (const row of created) {
            await recordAudit(tx, actor.identity, {
              action: 'grant.create',
              subject: { type: 'parent', id: target.parent.id },
              after: grantFields(row),
            });
          }
          const userInvitees = input.flatMap((grant) => {
            const user =
              grant.subject.type === 'user' ? invited.get(Number(grant.subject.id)) : undefined;
            return grant.notify && user ? [{ user, grant }] : [];
          });
          // Group grants tell the groups' members (read after the grants were written).
          const members = await groupInvitees(tx, target.parent, input, actor.identity.userId);
          for (const { user, grant } of [...userInvitees, ...members]) {
            await mailer.queue(tx, {
              to: user.email,
              template: 'grant-notification',
              language: user.locale,
              params: {
                title: target.title,
                grantor: grantor || deps.siteName,
                permission: grant.permission,
                url: recordUrl(target),
                ...(grant.message ? { message: grant.message, messageAuthor: grantor } : {}),
              },
            });
          }
          return created;
        });
        return present(actor, rows, options.expand === true);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('invalid', 'grantExists');
        throw error;
      }
    },

    async get(
      actor: Actor,
      id: string,
      ref: GrantRef,
      options: { expand?: boolean } = {},
    ): Promise<GrantView> {
      if (!('id' in ref)) checkGroups(ref.type);
      const target = await targets.managed(actor, id);
      const [view] = await present(actor, [await find(target, ref)], options.expand === true);
      return view!;
    },

    async update(
      actor: Actor,
      id: string,
      ref: GrantRef,
      permission: GrantPermission,
      options: { expand?: boolean } = {},
    ): Promise<GrantView> {
      if (!('id' in ref)) checkGroups(ref.type);
      const target = await targets.managed(actor, id);
      const grant = await find(target, ref);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(grants)
          .set({ permission })
          .where(eq(grants.id, grant.id))
          .returning();
        if (!updated) throw notFoundFor(ref);
        if (updated.permission !== grant.permission) {
          await recordAudit(tx, actor.identity, {
            action: 'grant.update',
            subject: { type: 'parent', id: target.parent.id },
            before: grantFields(grant),
            after: grantFields(updated),
          });
        }
        return updated;
      });
      const [view] = await present(actor, [row], options.expand === true);
      return view!;
    },

    async remove(actor: Actor, id: string, ref: GrantRef): Promise<void> {
      if (!('id' in ref)) checkGroups(ref.type);
      const target = await targets.managed(actor, id);
      if (
        !('id' in ref) &&
        ref.type === 'user' &&
        ref.subjectId === String(target.parent.ownerId)
      ) {
        throw new DomainError('invalid', 'ownerNotRemovable');
      }
      const grant = await find(target, ref);
      await db.transaction(async (tx) => {
        const gone = await tx.delete(grants).where(eq(grants.id, grant.id)).returning();
        if (gone.length === 0) return;
        await recordAudit(tx, actor.identity, {
          action: 'grant.delete',
          subject: { type: 'parent', id: target.parent.id },
          before: grantFields(grant),
        });
      });
    },
  };
}

export type GrantService = ReturnType<typeof createGrantService>;
