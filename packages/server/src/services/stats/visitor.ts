import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { statsSalts } from '../../db/schema.ts';

/** Who asked, as a request knows it; never stored as such. */
export interface VisitorInput {
  userId: number | null;
  ip: string;
  userAgent: string;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * COUNTER's user: the account when signed in, else address and user agent.
 * The first hash only keeps them out of memory; the stored one is salted.
 */
export function visitorKey(input: VisitorInput): string {
  const who = input.userId === null ? `a:${input.ip}|${input.userAgent}` : `u:${input.userId}`;
  return createHash('sha256').update(who).digest('base64url');
}

/**
 * Daily salts, random and shared by every app server through the database; a
 * day's salt is deleted once the day is counted, so no hash can be linked to
 * a visitor again, nor a visitor followed from one day to the next.
 */
export function createSalts(db: Database) {
  const known = new Map<string, string>();
  return {
    async of(day: string): Promise<string> {
      const kept = known.get(day);
      if (kept) return kept;
      await db
        .insert(statsSalts)
        .values({ day, salt: randomBytes(24).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(statsSalts).where(eq(statsSalts.day, day));
      if (!row) throw new Error(`no salt for ${day}`);
      if (known.size > 4) known.clear();
      known.set(day, row.salt);
      return row.salt;
    },
    /** Drops the salts of days before `day`. */
    async dropBefore(day: string) {
      await db.delete(statsSalts).where(lt(statsSalts.day, day));
    },
  };
}

export const saltedVisitor = (salt: string, key: string) =>
  createHash('sha256').update(salt).update(key).digest('base64url').slice(0, 32);
