import { inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { secretLinkUses } from '../../db/schema.ts';

/** The recurring job that deletes secret-link uses past their retention. */
export const LINK_USES_PURGE_JOB = 'link-uses-purge';

/** It runs once a day: the retention is counted in days. */
export const LINK_USES_PURGE_INTERVAL_MS = 24 * 3600_000;

const DAY_MS = 24 * 3600_000;
const PURGE_BATCH = 1000;

/**
 * Deletes the uses older than `retentionDays` (0: keeps them all), a batch at
 * a time so that a large backlog never holds one long transaction nor blocks
 * the uses being counted meanwhile. The links keep their counts, so caps and
 * usage stay whole; answers how many uses went.
 */
export async function purgeLinkUses(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: secretLinkUses.id })
      .from(secretLinkUses)
      .where(lt(secretLinkUses.usedAt, cutoff))
      .limit(PURGE_BATCH);
    const gone = await db
      .delete(secretLinkUses)
      .where(inArray(secretLinkUses.id, batch))
      .returning({ id: secretLinkUses.id });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return purged;
  }
}
