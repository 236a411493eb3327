import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Page } from './pagination.ts';

export interface AdminRecordRow {
  id: string;
  title: string;
  /** 'draft' (never published), 'published' or 'deleted'. */
  status: string;
  access: string;
  ownerId: number | null;
  updatedAt: Date;
}

/**
 * Every record an administrator may look after: published and deleted ones
 * (the latest version of each, or a deleted one) and drafts never published,
 * matched by title or id. Restricted ones included: nothing is filtered by access.
 */
export async function searchAllRecords(
  db: Database,
  q: string,
  { page, size }: Page,
): Promise<{ rows: AdminRecordRow[]; total: number }> {
  const text = q.trim();
  const match = (table: string) =>
    text
      ? sql`AND (${sql.raw(table)}.title ILIKE ${`%${text.replace(/[\\%_]/g, '\\$&')}%`} OR ${sql.raw(table)}.id = ${text})`
      : sql``;
  const union = sql`
    SELECT r.id, r.title, CASE WHEN r.deletion_status = 'P' THEN 'published' ELSE 'deleted' END AS status,
      r.access_record AS access, p.owner_id, r.updated_at
    FROM records r JOIN parents p ON p.id = r.parent_id
    WHERE (r.is_latest OR r.deletion_status <> 'P') ${match('r')}
    UNION ALL
    SELECT d.id, d.title, 'draft', d.access_record, p.owner_id, d.updated_at
    FROM drafts d JOIN parents p ON p.id = d.parent_id
    WHERE NOT EXISTS (SELECT 1 FROM records x WHERE x.id = d.id) ${match('d')}`;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`SELECT * FROM (${union}) AS hits ORDER BY updated_at DESC, id LIMIT ${size} OFFSET ${(page - 1) * size}`,
    ),
    db.execute(sql`SELECT count(*)::int AS n FROM (${union}) AS hits`),
  ]);
  type Raw = {
    id: string;
    title: string;
    status: string;
    access: string;
    owner_id: number | null;
    updated_at: string | Date;
  };
  const list = (rows as { rows: Raw[] }).rows;
  return {
    rows: list.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      access: row.access,
      ownerId: row.owner_id,
      updatedAt: new Date(row.updated_at),
    })),
    total: (counted as { rows: { n: number }[] }).rows[0]?.n ?? 0,
  };
}
