import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parents, type records } from '../../db/schema.ts';
import type { Table } from './search-query.ts';

/** Pages reach this many hits at most (pagination.ts); counting past it is what costs. */
export const EXACT_UP_TO = 10_000;

/**
 * How many rows `where` matches, as search engines report `hits.total`:
 * exact up to the paging window, read through a LIMIT so it stops there;
 * past it, PostgreSQL's estimate (never below the window).
 */
export async function countHits(
  db: Database,
  table: Table,
  where: SQL | undefined,
  cap = EXACT_UP_TO,
) {
  const matching = db
    .select({ one: sql`1` })
    .from(table as typeof records)
    // LEFT: dropped by PostgreSQL when the condition reads nothing of the parent.
    .leftJoin(parents, eq(parents.id, table.parentId))
    .where(where);
  const [capped] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(matching.limit(cap + 1).as('capped'));
  const exact = capped?.n ?? 0;
  if (exact <= cap) return exact;
  const plan: unknown = await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching.getSQL()}`);
  return Math.max(cap + 1, Math.round(planRows(plan)));
}

/** The rows the planner expects of its top plan node. */
function planRows(result: unknown): number {
  const row = (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const value = Object.values(row)[0];
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return plans?.[0]?.Plan?.['Plan Rows'] ?? 0;
}
