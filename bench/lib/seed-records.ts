// Published records written straight into the tables, the way the app's
// repository writes them (normalised document + derivedColumns()), in batches:
// seeding 10,000 records through the API would take minutes.
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../packages/server/src/db/client.ts';
import { parents, records } from '../../packages/server/src/db/schema.ts';
import { derivedColumns } from '../../packages/server/src/services/records/derived.ts';
import { normalizeDocument } from '../../packages/server/src/services/records/document.ts';
import { newRecordId } from '../../packages/server/src/services/records/ids.ts';
import {
  DISCIPLINES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  MEASURES,
  PLACES,
  RESOURCE_TYPES,
  TOPICS,
  random,
} from './seed-words.ts';

export { FACET_TYPE, SEARCH_WORD } from './seed-words.ts';

function recordBody(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const topic = pick(TOPICS);
  const measure = pick(MEASURES);
  const place = pick(PLACES);
  const year = 2015 + Math.floor(next() * 11);
  let roll = next() * 100;
  const resourceType = RESOURCE_TYPES.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'dataset';
  const creators = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
    person_or_org: {
      type: 'personal',
      family_name: pick(FAMILY_NAMES),
      given_name: pick(GIVEN_NAMES),
    },
    affiliations: [{ id: '01ggx4157' }],
  }));
  const access = next();
  return {
    metadata: {
      resource_type: { id: resourceType },
      title: `${topic[0]!.toUpperCase()}${topic.slice(1)} ${measure}, ${place} ${year}`,
      publication_date: `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-15`,
      creators,
      description: `<p>${measure} of ${topic} from ${1 + Math.floor(next() * 40)} stations in the ${place} area, ${year}.</p>`,
      rights: [{ id: 'cc-by-4.0' }],
      languages: [{ id: 'eng' }],
      subjects: [{ subject: topic }, { subject: pick(DISCIPLINES) }],
      publisher: 'Arca',
    },
    // 90% open, 5% with restricted files, 5% restricted records (hidden from anonymous searches).
    access:
      access < 0.9
        ? { record: 'public', files: 'public' }
        : access < 0.95
          ? { record: 'public', files: 'restricted' }
          : { record: 'restricted', files: 'restricted' },
    files: { enabled: false },
  };
}

/**
 * Inserts `count` published records (one version each) owned by `ownerId`, then VACUUM
 * ANALYZE (as autovacuum would, flushing the GIN pending list). `dois`: each with an
 * external DOI, which the DataCite formats of OAI-PMH need.
 */
export async function seedRecords(
  db: Database,
  options: { count: number; ownerId: number; batch?: number; dois?: boolean },
): Promise<void> {
  const next = random(42);
  const batch = options.batch ?? 500;
  const now = Date.now();
  const fiveYears = 5 * 365 * 86_400_000;
  for (let start = 0; start < options.count; start += batch) {
    const size = Math.min(batch, options.count - start);
    const parentRows: PgInsertValue<typeof parents>[] = [];
    // PgInsertValue, not $inferInsert: the search vector is an SQL expression.
    const recordRows: PgInsertValue<typeof records>[] = [];
    for (let i = 0; i < size; i++) {
      const id = newRecordId();
      const body = recordBody(next);
      const pids = options.dois
        ? { doi: { identifier: `10.5555/bench.${id}`, provider: 'external' } }
        : {};
      const document = normalizeDocument({ ...body, pids });
      const createdAt = new Date(now - Math.floor(next() * fiveYears));
      const parentId = newRecordId();
      parentRows.push({ id: parentId, ownerId: options.ownerId, createdAt, updatedAt: createdAt });
      recordRows.push({
        id,
        parentId,
        versionIndex: 1,
        document,
        ...derivedColumns(document),
        isLatest: true,
        createdAt,
        updatedAt: createdAt,
        publishedAt: createdAt,
      });
    }
    await db.insert(parents).values(parentRows);
    await db.insert(records).values(recordRows);
  }
  await db.execute(sql`VACUUM ANALYZE`);
}

export { SEARCHER, prepareScaleDatabase, type ScaleDatabase } from './seed-scale.ts';
