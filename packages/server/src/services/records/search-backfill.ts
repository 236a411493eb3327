import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts, records } from '../../db/schema.ts';
import { plainDerivedColumns } from './derived.ts';

/**
 * Computes the field-query columns (search keys, their text, the publication
 * range) of rows written before those columns existed: their `search_fields`
 * is null. Run at start; the keys are made by the same code as on every save,
 * which SQL in a migration could only imitate. Safe to run on several app
 * servers at once: they write the same values.
 */
export async function backfillSearchFields(db: Database, batch = 500): Promise<number> {
  let done = 0;
  for (const table of [records, drafts] as const) {
    for (;;) {
      const rows = await db
        .select({ id: table.id, document: table.document })
        .from(table)
        .where(isNull(table.searchFields))
        .limit(batch);
      if (rows.length === 0) break;
      const values = rows.map(({ id, document }) => {
        const derived = plainDerivedColumns(document);
        return sql`(${id}, ${JSON.stringify(derived.searchKeys)}::jsonb, ${derived.searchFields}, ${derived.publicationRange}::daterange)`;
      });
      await db.execute(sql`UPDATE ${table} SET
          search_keys = ARRAY(SELECT jsonb_array_elements_text(v.keys)),
          search_fields = v.fields,
          publication_range = v.range
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, keys, fields, range)
        WHERE ${table}.id = v.id`);
      done += rows.length;
    }
  }
  return done;
}
