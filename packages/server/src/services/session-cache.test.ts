import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const later = () => new Date(Date.now() + 3_600_000);

/** A cache that follows a fake subscription; `announce` plays the database's NOTIFY. */
async function followingCache(options = { ttlMs: 60_000, maxEntries: 10 }) {
  const cache = createSessionCache<string>(options);
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

describe('the session cache', () => {
  it('keeps a session read before no eviction', async () => {
    const { cache } = await followingCache();
    cache.set('a', 1, 'alice', later(), cache.generation);
    expect(cache.get('a')).toBe('alice');
  });

  it("drops a user's sessions when the database announces a change to them", async () => {
    const { cache, announce } = await followingCache();
    cache.set('a', 1, 'alice on a laptop', later(), cache.generation);
    cache.set('b', 1, 'alice on a phone', later(), cache.generation);
    cache.set('c', 2, 'bob', later(), cache.generation);
    announce('1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('bob');
  });

  it('forgets everyone on an announcement it cannot read', async () => {
    const { cache, announce } = await followingCache();
    cache.set('c', 2, 'bob', later(), cache.generation);
    announce('not a user id');
    expect(cache.size).toBe(0);
  });

  it('refuses a session read before an eviction: it may be stale', async () => {
    const { cache } = await followingCache();
    const generation = cache.generation;
    cache.forgetUser(3);
    cache.set('a', 1, 'alice', later(), generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends an entry with its session', async () => {
    const { cache } = await followingCache();
    cache.set('a', 1, 'alice', new Date(Date.now() - 1), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends an entry after its time to live', async () => {
    const { cache } = await followingCache({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', 1, 'alice', later(), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('makes room by dropping the oldest entry', async () => {
    const { cache } = await followingCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1, 'alice', later(), cache.generation);
    cache.set('b', 2, 'bob', later(), cache.generation);
    cache.set('c', 3, 'carol', later(), cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bob', 'carol']);
  });

  it('stores nothing while it does not follow the announcements, nor after losing them', async () => {
    const idle = createSessionCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    idle.set('a', 1, 'alice', later(), idle.generation);
    expect(idle.get('a')).toBeUndefined();

    const { cache, lose } = await followingCache();
    cache.set('a', 1, 'alice', later(), cache.generation);
    lose();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1, 'alice', later(), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });
});
