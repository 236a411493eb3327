import { eq, lt } from 'drizzle-orm';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Database } from '../../db/client.ts';
import { samlRequests } from '../../db/schema.ts';

/**
 * node-saml's store of open authentication requests, in the database so that
 * any app server accepts the answer to a request another one sent. Removing a
 * request when its answer arrives makes every answer single-use.
 */
export function samlRequestStore(db: Database, lifetimeMs: number): CacheProvider {
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      await db
        .delete(samlRequests)
        .where(lt(samlRequests.createdAt, new Date(Date.now() - lifetimeMs)));
      const [row] = await db
        .insert(samlRequests)
        .values({ id: key })
        .onConflictDoNothing()
        .returning();
      return row ? { value, createdAt: row.createdAt.getTime() } : null;
    },
    async getAsync(key: string): Promise<string | null> {
      const [row] = await db.select().from(samlRequests).where(eq(samlRequests.id, key));
      if (!row || row.createdAt.getTime() < Date.now() - lifetimeMs) return null;
      return row.createdAt.toISOString();
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (key === null) return null;
      // node-saml checks (getAsync) and then removes: of two copies of one answer
      // arriving at once, both pass the check, and only the first removes it.
      if (!(await consumeSamlRequest(db, key))) throw new Error('InResponseTo was already used');
      return key;
    },
  };
}

/** Removes an open request; true for the one caller that removed it. */
export async function consumeSamlRequest(db: Database, id: string): Promise<boolean> {
  const removed = await db.delete(samlRequests).where(eq(samlRequests.id, id)).returning();
  return removed.length > 0;
}
