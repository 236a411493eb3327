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

// 25 topics, one per record: a topic word (e.g. `glacier`) is in about 4% of the records.
const TOPICS = [
  'soil',
  'glacier',
  'river',
  'forest',
  'coral',
  'wetland',
  'aerosol',
  'permafrost',
  'drought',
  'pollen',
  'plankton',
  'seismic',
  'groundwater',
  'snowpack',
  'sediment',
  'erosion',
  'lichen',
  'wildfire',
  'estuary',
  'ozone',
  'peatland',
  'moraine',
  'tundra',
  'mangrove',
  'dune',
];
const MEASURES = [
  'moisture',
  'temperature',
  'chemistry',
  'survey',
  'samples',
  'observations',
  'model outputs',
  'time series',
  'imagery',
  'field notes',
];
const PLACES = [
  'Lake Geneva',
  'Valais',
  'Engadin',
  'Jura',
  'Ticino',
  'Bernese Oberland',
  'Lake Constance',
  'Black Forest',
  'Dolomites',
  'Camargue',
  'Pyrenees',
  'Scottish Highlands',
  'Svalbard',
  'Lapland',
  'Danube delta',
  'Wadden Sea',
  'Carpathians',
  'Iceland',
  'Sierra Nevada',
  'Po valley',
];
const DISCIPLINES = ['hydrology', 'ecology', 'geology', 'climatology', 'geography', 'biology'];
const FAMILY_NAMES = [
  'Archer',
  'Baker',
  'Carberry',
  'Dubois',
  'Eriksen',
  'Fontana',
  'García',
  'Haas',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lambert',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmid',
  'Tanaka',
  'Urquhart',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zimmermann',
  'Bianchi',
  'Costa',
  'Novak',
  'Meier',
];
const GIVEN_NAMES = [
  'Alice',
  'Bruno',
  'Chloé',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katrin',
  'Luca',
  'Mia',
  'Noah',
  'Olga',
  'Paul',
  'Rosa',
  'Sven',
  'Tara',
  'Yann',
];
// Weights in percent: `software` is about 5% of the records.
const RESOURCE_TYPES: [string, number][] = [
  ['dataset', 50],
  ['publication-article', 15],
  ['image-photo', 8],
  ['publication-report', 7],
  ['software', 5],
  ['poster', 5],
  ['presentation', 5],
  ['video', 3],
  ['model', 2],
];

/** The free-text word and the facet value the benchmark searches for. */
export const SEARCH_WORD = 'glacier';
export const FACET_TYPE = 'software';

/** mulberry32: the same records on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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

/** Inserts `count` published records (one version each) owned by `ownerId`, then VACUUM ANALYZE (as autovacuum would, flushing the GIN pending list). */
export async function seedRecords(
  db: Database,
  options: { count: number; ownerId: number; batch?: number },
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
      const document = normalizeDocument(recordBody(next));
      const createdAt = new Date(now - Math.floor(next() * fiveYears));
      const parentId = newRecordId();
      parentRows.push({ id: parentId, ownerId: options.ownerId, createdAt, updatedAt: createdAt });
      recordRows.push({
        id: newRecordId(),
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
