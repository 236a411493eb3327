import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { records } from '../../db/schema.ts';
import { createFacetCounter, type Combination } from './facet-counts.ts';

/** A database whose grouped reads wait until released, counting them. */
function slowDatabase() {
  const reads: ((rows: Combination[]) => void)[] = [];
  const chain: Record<string, unknown> = {};
  for (const step of ['select', 'from', 'leftJoin', 'where']) chain[step] = () => chain;
  chain.groupBy = () => new Promise<Combination[]>((resolve) => reads.push(resolve));
  return { db: chain as unknown as Database, reads };
}

const row: Combination = { resourceType: 'dataset', accessStatus: 'open', fileTypes: [], count: 3 };

describe('facet counts', () => {
  it('are read once for searches asking the same counts at the same time', async () => {
    const { db, reads } = slowDatabase();
    const counter = createFacetCounter(db);
    const query = sql`TRUE`;
    const asked = Array.from({ length: 10 }, () => counter.combinations(records, query, true));
    expect(reads).toHaveLength(1);
    reads[0]!([row]);
    expect(await Promise.all(asked)).toEqual(Array.from({ length: 10 }, () => [row]));
  });

  it('are read again by a search that starts after a change, not joined to the older read', async () => {
    const { db, reads } = slowDatabase();
    const counter = createFacetCounter(db);
    const query = sql`TRUE`;
    const before = counter.combinations(records, query, true);
    counter.forget();
    const after = counter.combinations(records, query, true);
    expect(reads).toHaveLength(2);
    reads[0]!([row]);
    reads[1]!([{ ...row, count: 4 }]);
    expect((await before)[0]!.count).toBe(3);
    expect((await after)[0]!.count).toBe(4);
  });
});
