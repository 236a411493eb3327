import { count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  fileBucketTotals,
  fileParentTotals,
  jobs,
  records,
  requests,
  users,
} from '../db/schema.ts';
import { accountPolicy } from '../permissions/accounts.policy.ts';
import { can, type Identity } from '../permissions/policy.ts';
import { notFound, permissionDenied } from './errors.ts';
import { checkWindow, type Page } from './pagination.ts';
import { OPEN_STATUSES } from './requests/types.ts';
import { searchAllRecords } from './admin-records.ts';
import type { UserLimitsService } from './user-limits.ts';
import { recordAudit } from './audit/record-audit.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What administrators watch: the dashboard's counts and the job queue. Every
 * count reads an index or a running total, never the files themselves.
 */
export function createMonitoringService(db: Database, userLimits: UserLimitsService) {
  const assertCan = (who: Identity) => {
    if (!can(accountPolicy, 'canMonitor', who, { userId: -1 })) throw permissionDenied();
  };
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

  return {
    async stats(who: Identity) {
      assertCan(who);
      const [usersN, recordsN, storage, openRequests, failedJobs, queuedJobs] = await Promise.all([
        one(db.select({ n: count() }).from(users)),
        one(db.select({ n: count() }).from(records).where(eq(records.deletionStatus, 'P'))),
        db
          .select({
            bytes: sql<string>`coalesce(sum(${fileParentTotals.bytes}), 0)`,
            parents: count(),
          })
          .from(fileParentTotals),
        one(
          db
            .select({ n: count() })
            .from(requests)
            .where(inArray(requests.status, [...OPEN_STATUSES])),
        ),
        one(db.select({ n: count() }).from(jobs).where(isNotNull(jobs.lastError))),
        one(db.select({ n: count() }).from(jobs)),
      ]);
      const files = await one(
        db
          .select({ n: sql<number>`coalesce(sum(${fileBucketTotals.files}), 0)` })
          .from(fileBucketTotals),
      );
      return {
        users: usersN,
        records: recordsN,
        files,
        storage_bytes: Number(storage[0]?.bytes ?? 0),
        open_requests: openRequests,
        failed_jobs: failedJobs,
        queued_jobs: queuedJobs,
      };
    },

    /** Queued jobs, newest first; `failed`: only those whose last run failed. */
    async jobs(who: Identity, failed: boolean, { page, size }: Page) {
      assertCan(who);
      checkWindow(page, size);
      const where = failed ? isNotNull(jobs.lastError) : undefined;
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(size)
          .offset((page - 1) * size),
        one(db.select({ n: count() }).from(jobs).where(where)),
      ]);
      return { rows, total };
    },

    /** The caller's own quotas and what they use (the deposit form and "my uploads" show it). */
    async ownQuota(who: Identity) {
      const userId = who.userId;
      if (userId === null || !can(accountPolicy, 'canReadOwnAccount', who, { userId })) {
        throw permissionDenied();
      }
      const [limits, usage] = await Promise.all([
        userLimits.read(userId),
        userLimits.usage(userId),
      ]);
      return { ...limits, ...usage };
    },

    /** Records, deleted ones and drafts, whatever their access (admin-records.ts). */
    async records(who: Identity, q: string, page: Page) {
      assertCan(who);
      checkWindow(page.page, page.size);
      return searchAllRecords(db, q, page);
    },

    /** Runs a job at the next tick of the queue (its attempts are kept, for the record). */
    async retryJob(who: Identity, id: number): Promise<JobRow> {
      assertCan(who);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(jobs)
          .set({ runAt: new Date(), lockedUntil: null })
          .where(eq(jobs.id, id))
          .returning();
        if (!row) throw notFound();
        const subject = { type: 'job' as const, id };
        const after = { kind: row.kind, attempts: row.attempts };
        await recordAudit(tx, who, { action: 'admin.job.retry', subject, after });
        return row;
      });
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
