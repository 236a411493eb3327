import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Related rows folded into one query as JSON (`json_agg`, `row_to_json`), so
 * a hot read is one round trip instead of several. These helpers read such
 * JSON back into the rows a plain select returns: same property names, same
 * value types (a timestamp becomes a Date again).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

export function rowsFromJson<T extends PgTable>(table: T, json: unknown) {
  return (json as Record<string, unknown>[]).map((item) => rowFromJson(table, item));
}

/** The rows of `table` matching `where`, as one JSON array (empty when none). */
export function jsonRowsOf(table: PgTable, where: SQL, orderBy?: SQL): SQL<unknown> {
  const self = sql.identifier(getTableName(table));
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  return sql`coalesce((SELECT json_agg(${self}${order}) FROM ${table} WHERE ${where}), '[]'::json)`;
}
