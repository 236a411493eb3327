import { describe, expect, it } from 'vitest';
import { createAnnouncedCache } from './announced-cache.ts';

/** A cache that follows a fake subscription; `announce` plays the database's NOTIFY. */
async function followingCache(
  options: { ttlMs: number; maxEntries: number; maxWeight?: number } = {
    ttlMs: 60_000,
    maxEntries: 10,
  },
) {
  const cache = createAnnouncedCache<string>({
    channel: 'changes',
    weigh: (value) => value.length,
    ...options,
  });
  let announce: (payload: string) => void = () => undefined;
  let lose: () => void = () => undefined;
  await cache.follow({
    listen: (_channel, onMessage, onLost) => {
      announce = onMessage;
      lose = onLost;
      return Promise.resolve(() => Promise.resolve());
    },
  });
  return { cache, announce: (payload: string) => announce(payload), lose: () => lose() };
}

describe('the announced cache', () => {
  it('keeps a value read before no eviction', async () => {
    const { cache } = await followingCache();
    cache.set('a', 'user-1', 'alice', cache.generation);
    expect(cache.get('a')).toBe('alice');
  });

  it('drops the group the database announces, and that group only', async () => {
    const { cache, announce } = await followingCache();
    cache.set('a', '1', 'alice on a laptop', cache.generation);
    cache.set('b', '1', 'alice on a phone', cache.generation);
    cache.set('c', '2', 'bob', cache.generation);
    announce('1');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, 'bob']);
  });

  it('refuses a value read before an eviction: it may be stale', async () => {
    const { cache } = await followingCache();
    const generation = cache.generation;
    cache.evictGroup('3');
    cache.set('a', '1', 'alice', generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends an entry at the time `set` gives, and after its time to live', async () => {
    const { cache } = await followingCache();
    cache.set('a', '1', 'alice', cache.generation, Date.now() - 1);
    expect(cache.get('a')).toBeUndefined();

    const short = (await followingCache({ ttlMs: 0, maxEntries: 10 })).cache;
    short.set('a', '1', 'alice', short.generation);
    expect(short.get('a')).toBeUndefined();
  });

  it('makes room by dropping the oldest entry', async () => {
    const { cache } = await followingCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', '1', 'alice', cache.generation);
    cache.set('b', '2', 'bob', cache.generation);
    cache.set('c', '3', 'carol', cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bob', 'carol']);
  });

  it('makes room by weight too, and keeps nothing heavier than all may weigh', async () => {
    const { cache, announce } = await followingCache({
      ttlMs: 60_000,
      maxEntries: 10,
      maxWeight: 10,
    });
    cache.set('a', '1', 'alice', cache.generation);
    cache.set('b', '2', 'bob', cache.generation);
    expect(cache.weight).toBe(8);
    cache.set('c', '3', 'carol', cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bob', 'carol']);
    expect(cache.weight).toBe(8);
    cache.set('d', '4', 'longer than ten', cache.generation);
    expect(cache.get('d')).toBeUndefined();
    expect(cache.size).toBe(2);
    // What leaves, by announcement or replacement, leaves the weight too.
    announce('3');
    expect(cache.weight).toBe(3);
    cache.set('b', '2', 'bobby', cache.generation);
    expect(cache.weight).toBe(5);
    cache.clear();
    expect(cache.weight).toBe(0);
  });

  it('forgets everything when cleared', async () => {
    const { cache } = await followingCache();
    cache.set('a', '1', 'alice', cache.generation);
    cache.set('b', '2', 'bob', cache.generation);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('stores nothing while it does not follow the announcements, nor after losing them', async () => {
    const idle = createAnnouncedCache<string>({
      channel: 'changes',
      ttlMs: 60_000,
      maxEntries: 10,
    });
    idle.set('a', '1', 'alice', idle.generation);
    expect(idle.get('a')).toBeUndefined();

    const { cache, lose } = await followingCache();
    cache.set('a', '1', 'alice', cache.generation);
    lose();
    expect(cache.active).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', '1', 'alice', cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });
});
