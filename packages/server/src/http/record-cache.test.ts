import { describe, expect, it } from 'vitest';
import { createRecordCache } from './record-cache.ts';

const answer = (body: string) => ({
  body,
  etag: '"1"',
  contentType: 'application/json',
  headers: {},
});

/** A cache that follows a fake subscription, so it is active. */
async function activeCache() {
  const cache = createRecordCache({ ttlMs: 60_000, maxEntries: 10 });
  await cache.follow({ listen: () => Promise.resolve(() => Promise.resolve()) });
  return cache;
}

describe('the record cache', () => {
  it('keeps an answer read before no eviction', async () => {
    const cache = await activeCache();
    const generation = cache.generation;
    cache.set('a', 'parent-1', answer('one'), generation);
    expect(cache.get('a')?.body).toBe('one');
  });

  it('refuses an answer read before an eviction: it may be stale', async () => {
    const cache = await activeCache();
    const generation = cache.generation;
    cache.evictParent('parent-2');
    cache.set('a', 'parent-1', answer('old'), generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything when cleared after a write', async () => {
    const cache = await activeCache();
    cache.set('a', 'parent-1', answer('one'), cache.generation);
    cache.set('b', 'parent-2', answer('two'), cache.generation);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('stores nothing while it does not follow the announcements', () => {
    const cache = createRecordCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', 'parent-1', answer('one'), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });
});
