import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { drafts, parents, userQuotas, users } from '../db/schema.ts';
import { createFilesRepository } from './files/files.repository.ts';
import { DomainError, notFound } from './errors.ts';
import { recordAudit, type AuditActor } from './audit/record-audit.ts';

export interface UserLimits {
  maxDrafts: number;
  maxBytes: number;
}

/**
 * Per-user quotas (docs/SECURITY.md, "Quotas and creation rates"): open drafts
 * and stored bytes over every draft and record a user owns. Each check runs in
 * the caller's transaction under a per-user advisory lock, so concurrent
 * calls, on any app server, are counted one after the other.
 */
export function createUserLimits(db: Database, defaults: Config['userLimits']) {
  async function limitsOf(userId: number, database: Database = db): Promise<UserLimits> {
    const [own] = await database.select().from(userQuotas).where(eq(userQuotas.userId, userId));
    return {
      maxDrafts: own?.maxDrafts ?? defaults.maxDrafts,
      maxBytes: own?.maxBytes ?? defaults.maxBytes,
    };
  }

  async function assertUser(userId: number): Promise<void> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
  }

  const lock = (tx: Database, what: string, userId: number) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${what}:${userId}`}))`);

  return {
    limitsOf,

    /** Refuses a new draft for `ownerId` when they hold their limit of open drafts. */
    async checkOpenDrafts(tx: Database, ownerId: number): Promise<void> {
      await lock(tx, 'user-drafts', ownerId);
      const { maxDrafts } = await limitsOf(ownerId, tx);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(drafts)
        .innerJoin(parents, eq(parents.id, drafts.parentId))
        .where(eq(parents.ownerId, ownerId));
      if ((row?.n ?? 0) >= maxDrafts) {
        throw new DomainError('invalid', 'tooManyOpenDrafts', { params: { max: maxDrafts } });
      }
    },

    /**
     * How many more bytes the owner may store. Objects shared by versions count
     * once; a file counts what arrived, else what was announced, else what its
     * upload holds (upload-reservation.ts). `except`: an object the caller counts.
     */
    async roomOf(
      tx: Database,
      ownerId: number,
      except?: string,
    ): Promise<{ room: number; used: number; limit: number }> {
      await lock(tx, 'user-bytes', ownerId);
      const { maxBytes } = await limitsOf(ownerId, tx);
      // The owner's parents' running totals (migration 0013), not a sum over their files.
      const files = createFilesRepository(tx);
      let used = await files.ownerBytes(ownerId);
      if (except !== undefined) used -= await files.objectBytes(except);
      return { room: maxBytes - used, used, limit: maxBytes };
    },

    /** Refuses `adding` bytes when the owner's files would pass their storage limit. */
    async checkBytes(tx: Database, ownerId: number, adding: number): Promise<void> {
      const { used, limit } = await this.roomOf(tx, ownerId);
      if (used + adding > limit) throw userStorageRefusal(used + adding, limit);
    },

    /** What a user holds now: stored bytes (as the storage check counts them) and open drafts. */
    async usage(userId: number): Promise<{ usedBytes: number; openDrafts: number }> {
      await assertUser(userId);
      const [usedBytes, [row]] = await Promise.all([
        createFilesRepository(db).ownerBytes(userId),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(drafts)
          .innerJoin(parents, eq(parents.id, drafts.parentId))
          .where(eq(parents.ownerId, userId)),
      ]);
      return { usedBytes, openDrafts: row?.n ?? 0 };
    },

    /** A user's limits, the configured defaults where none was set. */
    async read(userId: number): Promise<UserLimits> {
      await assertUser(userId);
      return limitsOf(userId);
    },

    /** Sets a user's limits (null: back to the default); answers what holds now. */
    async setLimits(
      userId: number,
      limits: { maxDrafts: number | null; maxBytes: number | null },
      by?: AuditActor,
    ): Promise<UserLimits> {
      await assertUser(userId);
      await db.transaction(async (tx) => {
        const [own] = await tx.select().from(userQuotas).where(eq(userQuotas.userId, userId));
        await tx
          .insert(userQuotas)
          .values({ userId, ...limits })
          .onConflictDoUpdate({
            target: userQuotas.userId,
            set: { ...limits, updatedAt: new Date() },
          });
        const before = { maxDrafts: own?.maxDrafts ?? null, maxBytes: own?.maxBytes ?? null };
        const subject = { type: 'user' as const, id: userId };
        if (by)
          await recordAudit(tx, by, { action: 'admin.user.quota', subject, before, after: limits });
      });
      return limitsOf(userId);
    },
  };
}

export const userStorageRefusal = (total: number, limit: number) =>
  new DomainError('invalid', 'userStorageLimitExceeded', { params: { total, limit } });

export type UserLimitsService = ReturnType<typeof createUserLimits>;
