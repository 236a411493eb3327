import type { DatabaseHandle } from './client.ts';

interface Entry<T> {
  group: string;
  value: T;
  expiresAt: number;
  weight: number;
}

/**
 * Values kept in an app server's memory while the database announces their
 * changes: a trigger NOTIFYs `channel` with the key of a group of entries (a
 * parent's id, a user's id), and each app server drops that group, so no write
 * path can forget to invalidate. Entries also expire after `ttlMs` (or earlier,
 * when `set` says so) as a backstop, and nothing is kept while the
 * subscription is not up.
 *
 * Announcements arrive a moment after the commit, so a value read before any
 * eviction is not stored after it: `set` takes the generation seen when the
 * read began.
 */
export function createAnnouncedCache<T>(options: {
  channel: string;
  ttlMs: number;
  maxEntries: number;
  /**
   * What an entry weighs (the bytes of a serialised answer, say), and how much
   * all may weigh at most: a few large values must not hold the memory a
   * thousand small ones would. Without them, only entries are counted.
   */
  weigh?: (value: T) => number;
  maxWeight?: number;
}) {
  const entries = new Map<string, Entry<T>>();
  let active = false;
  let generation = 0;
  let weight = 0;
  const maxWeight = options.maxWeight ?? Infinity;

  const remove = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    weight -= entry.weight;
  };
  const evictGroup = (group: string) => {
    generation++;
    for (const [key, entry] of entries) if (entry.group === group) remove(key, entry);
  };
  const clear = () => {
    generation++;
    entries.clear();
    weight = 0;
  };

  return {
    get size() {
      return entries.size;
    },
    /** What the entries weigh together (`weigh`). */
    get weight() {
      return weight;
    },
    get active() {
      return active;
    },
    /** Take it before reading what will be stored, and pass it to `set`. */
    get generation() {
      return generation;
    },

    get(key: string): T | undefined {
      if (!active) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        remove(key, entry);
        return undefined;
      }
      return entry.value;
    },

    /** Stores a value unless something was evicted since `readGeneration`: it may be stale. */
    set(key: string, group: string, value: T, readGeneration: number, expiresAt = Infinity): void {
      if (!active || readGeneration !== generation) return;
      const entryWeight = options.weigh?.(value) ?? 0;
      if (entryWeight > maxWeight) return;
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      // Oldest first: Map keeps insertion order.
      for (const [oldest, entry] of entries) {
        if (entries.size < options.maxEntries && weight + entryWeight <= maxWeight) break;
        remove(oldest, entry);
      }
      entries.set(key, {
        group,
        value,
        expiresAt: Math.min(Date.now() + options.ttlMs, expiresAt),
        weight: entryWeight,
      });
      weight += entryWeight;
    },

    evictGroup,
    clear,

    /** Starts following the database's announcements; until then nothing is cached. */
    async follow(database: Pick<DatabaseHandle, 'listen'>): Promise<() => Promise<void>> {
      const stop = await database.listen(options.channel, evictGroup, () => {
        active = false;
        clear();
      });
      active = true;
      return async () => {
        active = false;
        clear();
        await stop();
      };
    },
  };
}

export type AnnouncedCache<T> = ReturnType<typeof createAnnouncedCache<T>>;
