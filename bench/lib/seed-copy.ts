// Copies the template records inside PostgreSQL up to a total, with INSERT ...
// SELECT in batches: every column is copied as the app wrote it (the column list
// is read from information_schema, so columns added later come along), only ids,
// parent ids and timestamps vary. Rows of other tables that reference a parent or
// a record by foreign key (side tables of search, say) are copied with them.
import type pg from 'pg';

/** Copies per statement: about this many rows each. */
const ROWS_PER_STATEMENT = 100_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A record-style id (`xxxxx-xxxxx`, Crockford's base 32) hashed from a text:
 * the same copy gets the same id in every table. 50 bits, as the app's.
 */
const ID_FUNCTION = `
CREATE OR REPLACE FUNCTION pg_temp.bench_id(seed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', get_byte(h, i) % 32 + 1, 1), ''
                    ORDER BY i)
  FROM (SELECT decode(md5(seed), 'hex') AS h) AS d, generate_series(0, 9) AS i
$$;
CREATE OR REPLACE FUNCTION pg_temp.bench_id_dashed(seed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(s, 1, 5) || '-' || substr(s, 6, 5) FROM (SELECT pg_temp.bench_id(seed) AS s) AS x
$$;
-- Creation times spread over ten years before the templates', from the same hash.
CREATE OR REPLACE FUNCTION pg_temp.bench_time(seed text, base timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT base - (('x' || substr(md5(seed || 't'), 1, 8))::bit(32)::bigint / 4294967296.0)
                * interval '3650 days'
$$;`;

interface Column {
  name: string;
  /** Left to its default (a sequence, a random uuid) instead of copied. */
  defaulted: boolean;
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await client.query<{ name: string; defaulted: boolean }>(
    `SELECT column_name AS name,
            coalesce(column_default LIKE 'nextval(%' OR column_default LIKE 'gen_random_uuid(%', false)
              OR is_identity = 'YES' AS defaulted
     FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return rows;
}

/** Tables (other than records, parents and grants) whose foreign keys point at parents.id or records.id. */
async function dependents(client: pg.Client) {
  const { rows } = await client.query<{ table: string; column: string; target: string }>(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column, c.confrelid::regclass::text AS target
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_attribute t ON t.attrelid = c.confrelid AND t.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND t.attname = 'id'
       AND c.confrelid::regclass::text IN ('parents', 'records')
       AND c.conrelid::regclass::text NOT IN ('records', 'parents', 'grants', 'drafts')`,
  );
  return rows;
}

/** The secondary (non-unique) indexes of some tables: dropped during the copy, built once after. */
async function secondaryIndexes(client: pg.Client, tables: string[]) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid::regclass::text = ANY($1)
       AND NOT i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/**
 * Copies the records present now (the templates) until the records table holds
 * `total` rows, in one transaction. Copy r of template parent k exists when
 * r × templates + k < total; its ids are hashed from the template's and r.
 */
export async function copyRecords(client: pg.Client, total: number): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(ID_FUNCTION);
    await client.query(`CREATE TEMP TABLE bench_templates ON COMMIT DROP AS
      SELECT id AS parent_id, (row_number() OVER (ORDER BY id) - 1)::int AS k,
             (SELECT max(created_at) FROM records) AS base
      FROM parents WHERE id IN (SELECT parent_id FROM records)`);
    const { rows } = await client.query<{ n: number; records: number }>(
      `SELECT (SELECT count(*) FROM bench_templates)::int AS n, (SELECT count(*) FROM records)::int AS records`,
    );
    const templates = rows[0]!.n;
    const perTemplate = rows[0]!.records / Math.max(templates, 1);
    if (templates === 0) throw new Error('no template records to copy');
    const copies = Math.ceil(total / templates) - 1;
    const others = await dependents(client);
    const tables = ['parents', 'records', ...new Set(others.map((o) => o.table))];
    const indexes = await secondaryIndexes(client, tables);
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);

    const parentCopy = (column: string) => `pg_temp.bench_id_dashed(${column} || ':' || r.r)`;
    const insert = async (
      table: string,
      varied: Record<string, string>,
      from: string,
      first: number,
      last: number,
    ) => {
      const columns = (await columnsOf(client, table)).filter(
        (c) => !c.defaulted || c.name in varied,
      );
      const names = columns.map((c) => quote(c.name)).join(', ');
      const values = columns.map((c) => varied[c.name] ?? `s.${quote(c.name)}`).join(', ');
      await client.query(
        `INSERT INTO ${quote(table)} (${names})
         SELECT ${values} FROM ${from}
         CROSS JOIN generate_series($1::int, $2::int) AS r(r)
         WHERE r.r * $3::int + b.k < $4::int`,
        [first, last, templates, Math.round(total / perTemplate)],
      );
    };
    const batch = Math.max(1, Math.floor(ROWS_PER_STATEMENT / templates));
    for (let first = 1; first <= copies; first += batch) {
      const last = Math.min(copies, first + batch - 1);
      const time = `pg_temp.bench_time(b.parent_id || ':' || r.r, b.base)`;
      await insert(
        'parents',
        { id: parentCopy('s.id'), created_at: time, updated_at: time },
        'parents s JOIN bench_templates b ON b.parent_id = s.id',
        first,
        last,
      );
      await insert(
        'records',
        {
          id: parentCopy('s.id'),
          parent_id: parentCopy('s.parent_id'),
          created_at: time,
          updated_at: time,
          published_at: time,
        },
        'records s JOIN bench_templates b ON b.parent_id = s.parent_id',
        first,
        last,
      );
      for (const other of others) {
        const join =
          other.target === 'parents'
            ? `b.parent_id = s.${quote(other.column)}`
            : `b.parent_id = (SELECT parent_id FROM records WHERE id = s.${quote(other.column)})`;
        await insert(
          other.table,
          { [other.column]: parentCopy(`s.${quote(other.column)}`) },
          `${quote(other.table)} s JOIN bench_templates b ON ${join}`,
          first,
          last,
        );
      }
    }
    for (const index of indexes) await client.query(index.definition);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * Gives `userId` a `view` grant on `count` parents, a tenth of them restricted
 * records: copies of the grant row the API wrote for them on `templateParentId`.
 */
export async function copyGrants(
  client: pg.Client,
  options: { templateGrantId: string; count: number },
): Promise<number> {
  const columns = (await columnsOf(client, 'grants')).filter(
    (c) => !c.defaulted && c.name !== 'parent_id',
  );
  const names = columns.map((c) => quote(c.name)).join(', ');
  const values = columns.map((c) => `g.${quote(c.name)}`).join(', ');
  // The template's own grant (on a restricted record) counts as one of them.
  const restricted = Math.floor(options.count / 10) - 1;
  const result = await client.query(
    `WITH template AS (SELECT * FROM grants WHERE id = $1),
     candidates AS (
       SELECT parent_id, access_record FROM records r WHERE is_latest AND NOT EXISTS (
         SELECT 1 FROM grants x, template t WHERE x.parent_id = r.parent_id
           AND x.subject_type = t.subject_type AND x.subject_id = t.subject_id)),
     chosen AS (
       (SELECT parent_id FROM candidates WHERE access_record = 'restricted'
        ORDER BY md5(parent_id) LIMIT $2)
       UNION ALL
       (SELECT parent_id FROM candidates WHERE access_record = 'public'
        ORDER BY md5(parent_id) LIMIT $3))
     INSERT INTO grants (parent_id, ${names})
     SELECT c.parent_id, ${values} FROM chosen c CROSS JOIN template g`,
    [options.templateGrantId, restricted, options.count - 1 - restricted],
  );
  return (result.rowCount ?? 0) + 1;
}
