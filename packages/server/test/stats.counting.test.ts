import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { insertEvents } from './stats.helpers.ts';

// COUNTER's rules, on events written at chosen times (the recorder stamps them with now).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A day some days ago (within the raw events' retention). */
const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

const stats = (recordId: string) =>
  t.services.stats.ofRecord({ recordId, parentId: `p-${recordId}` });

describe('counting', () => {
  it('counts repeats within 30 seconds once (double click)', async () => {
    await insertEvents(t.db, [
      { recordId: 'dc', visitor: 'a', at: `${day(6)}T10:00:00Z` },
      { recordId: 'dc', visitor: 'a', at: `${day(6)}T10:00:20Z` },
      { recordId: 'dc', visitor: 'a', at: `${day(6)}T10:00:45Z` },
      { recordId: 'dc', visitor: 'a', at: `${day(6)}T10:01:30Z` },
      { recordId: 'dc', visitor: 'b', at: `${day(6)}T10:00:10Z` },
    ]);
    await t.services.stats.aggregate();
    const { this_version } = await stats('dc');
    // a: 10:00:00 (20 s and 25 s later are repeats), 10:01:30; b: once.
    expect(this_version.views).toBe(3);
    expect(this_version.unique_views).toBe(2);
  });

  it('counts rows of repeats once, and not a row continuing the one before', async () => {
    await insertEvents(t.db, [
      { recordId: 'ch', visitor: 'a', at: `${day(6)}T11:00:00Z`, lastAt: `${day(6)}T11:02:00Z` },
      // Written by another server, or after a flush: 20 s after the last repeat above.
      { recordId: 'ch', visitor: 'a', at: `${day(6)}T11:02:20Z`, lastAt: `${day(6)}T11:03:00Z` },
      { recordId: 'ch', visitor: 'a', at: `${day(6)}T11:03:31Z` },
    ]);
    await t.services.stats.aggregate();
    expect((await stats('ch')).this_version).toMatchObject({ views: 2, unique_views: 1 });
  });

  it('counts a visitor once per hour as unique, each hour again', async () => {
    await insertEvents(t.db, [
      { recordId: 'uh', visitor: 'a', at: `${day(5)}T09:05:00Z` },
      { recordId: 'uh', visitor: 'a', at: `${day(5)}T09:40:00Z` },
      { recordId: 'uh', visitor: 'a', at: `${day(5)}T10:05:00Z` },
      { recordId: 'uh', visitor: 'b', at: `${day(4)}T09:05:00Z` },
    ]);
    await t.services.stats.aggregate();
    const { this_version } = await stats('uh');
    expect(this_version).toMatchObject({ views: 4, unique_views: 3 });
  });

  it('counts the Range requests of one file once per visitor and hour, whole files each', async () => {
    const download = { kind: 'download' as const, recordId: 'rg', bytes: 1000 };
    await insertEvents(t.db, [
      { ...download, visitor: 'a', at: `${day(3)}T08:00:00Z`, ranged: true },
      { ...download, visitor: 'a', at: `${day(3)}T08:00:01Z`, ranged: true },
      { ...download, visitor: 'a', at: `${day(3)}T08:20:00Z`, ranged: true },
      { ...download, visitor: 'a', at: `${day(3)}T09:10:00Z`, ranged: true },
      { ...download, visitor: 'b', at: `${day(3)}T08:00:00Z` },
      { ...download, visitor: 'b', at: `${day(3)}T08:10:00Z` },
    ]);
    await t.services.stats.aggregate();
    const { this_version } = await stats('rg');
    expect(this_version).toMatchObject({
      downloads: 4,
      unique_downloads: 3,
      data_volume: 4000,
      views: 0,
    });
  });

  it('counts a day again when late events arrive, without counting twice', async () => {
    await insertEvents(t.db, [{ recordId: 'late', visitor: 'a', at: `${day(2)}T08:00:00Z` }]);
    await t.services.stats.aggregate();
    await insertEvents(t.db, [{ recordId: 'late', visitor: 'b', at: `${day(2)}T08:00:00Z` }]);
    await t.services.stats.aggregate();
    await t.services.stats.aggregate();
    expect((await stats('late')).this_version).toMatchObject({ views: 2, unique_views: 2 });
  });

  it('counts again the hour after a late event, whose first repeat it may continue', async () => {
    await insertEvents(t.db, [{ recordId: 'edge', visitor: 'a', at: `${day(2)}T11:00:10Z` }]);
    await t.services.stats.aggregate();
    expect((await stats('edge')).this_version).toMatchObject({ views: 1, unique_views: 1 });
    // Written late: 20 s before the view counted above, which becomes its repeat.
    await insertEvents(t.db, [{ recordId: 'edge', visitor: 'a', at: `${day(2)}T10:59:50Z` }]);
    await t.services.stats.aggregate();
    expect((await stats('edge')).this_version).toMatchObject({ views: 1, unique_views: 1 });
    expect((await stats('edge')).all_versions).toMatchObject({ views: 1, unique_views: 1 });
  });

  it('drops raw events after the retention, keeping their counts', async () => {
    await insertEvents(t.db, [{ recordId: 'old', visitor: 'a', at: `${day(1)}T08:00:00Z` }]);
    await t.services.stats.aggregate();
    const later = new Date(Date.now() + (t.config.stats.eventsDays + 1) * 86_400_000);
    await t.services.stats.aggregate(later);
    const raw = await t.db.execute(
      "SELECT count(*)::int AS n FROM stats_events WHERE record_id = 'old'",
    );
    expect((raw as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect((await stats('old')).this_version.views).toBe(1);
  });
});
