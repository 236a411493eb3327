import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities } from '../../db/schema.communities.ts';
import { DomainError, notFound } from '../errors.ts';

/** InvenioRDM's `CommunityDeletionStatusEnum`: published (live) and deleted. */
export const LIVE = 'P';
export const DELETED = 'D';

type Row = typeof communities.$inferSelect;

export const isDeleted = (row: Pick<Row, 'deletionStatus'>) => row.deletionStatus === DELETED;

export const tombstoneOf = (row: Pick<Row, 'tombstone'>) => row.tombstone;

/** A deleted community's answer to those who may know: 410 with its tombstone. */
export const communityGone = (row: Pick<Row, 'tombstone'>) =>
  new DomainError('gone', 'communityDeleted', { extra: { tombstone: tombstoneOf(row) } });

/**
 * The community, read on `tx` and share-locked until it commits, if it is
 * live. What makes a request to a community open, or a member of it, calls
 * this inside its own transaction: a deletion (which locks the row for
 * update) then either waits for that commit and cancels what it made, or
 * commits first and this refuses (410).
 */
export async function holdLiveCommunity(tx: Database, id: string): Promise<Row> {
  const [row] = await tx.select().from(communities).where(eq(communities.id, id)).for('key share');
  if (!row) throw notFound();
  if (isDeleted(row)) throw new DomainError('gone', 'communityDeleted');
  return row;
}
