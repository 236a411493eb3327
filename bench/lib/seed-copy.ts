// Copies the template records inside PostgreSQL up to a total, with INSERT ...
// SELECT in batches: every column is copied as the app wrote it (the column list
// is read from information_schema, so columns added later come along), only ids,
// parent ids and timestamps vary. Rows of other tables that reference a parent or
// a record by foreign key (side tables of search, say) are copied with them.
import type pg from 'pg';

/** Copies per statement: about this many rows each. */
const ROWS_PER_STATEMENT = 100_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A record-style id (`xxxxx-xxxxx`, Crockford's base 32, 50 bits as the app's)
 * of a sequence number: the number times an odd constant modulo 2^50 (one to one,
 * so no two copies collide), spelled in base 32. Plain expressions, no function calls.
 */
function idOf(sequence: string): string {
  const n = `((${sequence})::numeric * 3141592653589 % 1125899906842624)::bigint`;
  const char = (shift: number) => `substr('${ALPHABET}', ((${n} >> ${shift}) & 31)::int + 1, 1)`;
  return [45, 40, 35, 30, 25, -1, 20, 15, 10, 5, 0]
    .map((shift) => (shift < 0 ? `'-'` : char(shift)))
    .join(' || ');
}

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

/**
 * What slows a bulk insert down on some tables: their indexes other than primary
 * keys and their foreign keys. Dropped during the copy, made once after (in the
 * same transaction: a failed copy leaves them as they were).
 */
async function dropAndKeep(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows: keys } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i WHERE i.indrelid::regclass::text = ANY($1) AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const key of keys) {
    await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quote(key.name)}`);
  }
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return [
    ...indexes.map((index) => index.definition),
    ...keys.map(
      (key) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`,
    ),
  ];
}

/**
 * Copies the records present now (the templates) until the parents table holds
 * `total` more or less (exactly, with one record per parent), in one transaction.
 * Copy r of template parent k exists when r × parents + k < total; ids are
 * numbered from r and the template's rank, so the same copy has the same ids
 * in every table.
 */
export async function copyRecords(
  client: pg.Client,
  total: number,
  log: (line: string) => void = () => {},
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    await client.query(`SET LOCAL work_mem = '256MB'`);
    // Parents and records ranked; the creation times of copies spread over ten
    // years before the newest template's.
    await client.query(`CREATE TEMP TABLE bench_parents ON COMMIT DROP AS
      SELECT id AS parent_id, (row_number() OVER (ORDER BY id) - 1)::int AS k,
             (SELECT max(created_at) FROM records) AS base
      FROM parents WHERE id IN (SELECT parent_id FROM records)`);
    await client.query(`CREATE TEMP TABLE bench_records ON COMMIT DROP AS
      SELECT id AS record_id, parent_id, (row_number() OVER (ORDER BY id) - 1)::int AS j
      FROM records`);
    const { rows } = await client.query<{ parents: number; records: number }>(
      `SELECT (SELECT count(*) FROM bench_parents)::int AS parents,
              (SELECT count(*) FROM bench_records)::int AS records`,
    );
    const { parents, records } = rows[0]!;
    if (parents === 0) throw new Error('no template records to copy');
    const copies = Math.ceil(total / parents) - 1;
    const others = await dependents(client);
    const tables = ['parents', 'records', ...new Set(others.map((o) => o.table))];
    const rebuild = await dropAndKeep(client, tables);

    // Even numbers for parents, odd for records: no id is both.
    const parentId = idOf(`2 * (r.r * ${parents} + b.k)`);
    const recordId = idOf(`2 * (r.r * ${records} + t.j) + 1`);
    const time = `b.base - ((r.r * ${parents} + b.k)::numeric * 2654435761 % 1000003 / 1000003.0) * interval '3650 days'`;
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
      const start = performance.now();
      await client.query(
        `INSERT INTO ${quote(table)} (${names})
         SELECT ${values} FROM ${from}
         CROSS JOIN generate_series($1::int, $2::int) AS r(r)
         WHERE r.r * $3::int + b.k < $4::int`,
        [first, last, parents, total],
      );
      log(
        `    ${table}, copies ${first}–${last}: ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
    };
    const batch = Math.max(1, Math.floor(ROWS_PER_STATEMENT / parents));
    for (let first = 1; first <= copies; first += batch) {
      const last = Math.min(copies, first + batch - 1);
      await insert(
        'parents',
        { id: parentId, created_at: time, updated_at: time },
        'parents s JOIN bench_parents b ON b.parent_id = s.id',
        first,
        last,
      );
      const ofRecords = 'JOIN bench_parents b ON b.parent_id = t.parent_id';
      await insert(
        'records',
        {
          id: recordId,
          parent_id: parentId,
          created_at: time,
          updated_at: time,
          published_at: time,
        },
        `records s JOIN bench_records t ON t.record_id = s.id ${ofRecords}`,
        first,
        last,
      );
      for (const other of others) {
        const column = `s.${quote(other.column)}`;
        const [from, id] =
          other.target === 'parents'
            ? [`JOIN bench_parents b ON b.parent_id = ${column}`, parentId]
            : [`JOIN bench_records t ON t.record_id = ${column} ${ofRecords}`, recordId];
        await insert(
          other.table,
          { [other.column]: id },
          `${quote(other.table)} s ${from}`,
          first,
          last,
        );
      }
    }
    for (const statement of rebuild) {
      const start = performance.now();
      await client.query(statement);
      log(`    ${statement.slice(0, 60)}…: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
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
