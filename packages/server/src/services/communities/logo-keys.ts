import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities } from '../../db/schema.communities.ts';
import type { KeyOwner } from '../files/files-sweep.ts';

/** A fresh storage key for one upload of a community's logo. */
export const newLogoKey = (communityId: string) =>
  `communities/logos/${communityId}/${randomUUID()}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// The shape `newLogoKey` gives, with anything a backend appends (a local temporary name).
const LOGO_KEY = new RegExp(`^communities/logos/${UUID}/${UUID}(\\.|$)`);

/**
 * Logo keys for the storage sweep: a logo written but never named (a crash
 * before its row changed), or replaced but not removed, is dropped.
 */
export function logoKeyOwner(db: Database): KeyOwner {
  return {
    owns: (key) => LOGO_KEY.test(key),
    async named(keys) {
      const rows = await db
        .select({ key: communities.logoKey })
        .from(communities)
        .where(inArray(communities.logoKey, keys));
      return new Set(rows.map((row) => row.key!));
    },
  };
}
