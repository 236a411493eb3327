import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { drafts } from '../../db/schema.ts';

/**
 * A draft whose file named in `files.default_preview` was deleted has no
 * default preview any more (as InvenioRDM's files manager clears it), so a
 * stale name is never saved or published. `key` absent: every file went.
 */
export async function forgetDefaultPreview(db: Database, draftId: string, key?: string) {
  const preview = sql`${drafts.document} -> 'files' ->> 'default_preview'`;
  await db
    .update(drafts)
    .set({ document: sql`${drafts.document} #- '{files,default_preview}'` })
    .where(
      and(
        eq(drafts.id, draftId),
        key === undefined ? sql`${preview} IS NOT NULL` : sql`${preview} = ${key}`,
      ),
    );
}
