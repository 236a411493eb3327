import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export function createHealthService(db: Database) {
  return {
    /** True when the database answers. */
    async databaseUp(): Promise<boolean> {
      try {
        await db.execute(sql`SELECT 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
