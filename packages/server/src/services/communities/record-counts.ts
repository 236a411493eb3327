import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * How many published, public records (latest versions) each community holds:
 * the figure a list of communities shows, the same for every reader, so that
 * it never hints at restricted records. The administration counts restricted
 * ones too (`publicOnly: false`).
 */
export async function publicRecordCounts(
  db: Database,
  communityIds: readonly string[],
  { publicOnly = true }: { publicOnly?: boolean } = {},
): Promise<Map<string, number>> {
  if (communityIds.length === 0) return new Map();
  const ids = sql`ARRAY[${sql.join(
    communityIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const result: unknown = await db.execute(sql`
    SELECT c.community, count(*) AS n
    FROM parents p
    CROSS JOIN LATERAL jsonb_array_elements_text(p.communities -> 'ids') AS c(community)
    JOIN records r ON r.parent_id = p.id
      AND r.is_latest AND r.deletion_status = 'P'
      ${publicOnly ? sql`AND r.access_record = 'public'` : sql``}
    WHERE (p.communities -> 'ids') ?| ${ids} AND c.community = ANY(${ids})
    GROUP BY c.community`);
  // Both drivers answer raw SQL with `rows`.
  const { rows } = result as { rows: { community: string; n: number | string }[] };
  return new Map(rows.map((row) => [row.community, Number(row.n)]));
}
