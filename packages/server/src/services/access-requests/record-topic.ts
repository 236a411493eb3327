import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { parents, records } from '../../db/schema.ts';
import type { RequestFacts } from '../../permissions/requests.policy.ts';
import type { RequestRow } from '../requests/types.ts';
import { loadRecordContext } from '../records/context.ts';

/** The published record an access request is about, with what requests need of it. */
export interface RecordTopic {
  recordId: string;
  parentId: string;
  ownerId: number;
  title: string;
  settings: Record<string, unknown>;
}

export async function recordTopic(db: Database, recordId: string): Promise<RecordTopic | null> {
  const [row] = await db
    .select({
      recordId: records.id,
      parentId: parents.id,
      ownerId: parents.ownerId,
      title: records.title,
      settings: parents.settings,
    })
    .from(records)
    .innerJoin(parents, eq(parents.id, records.parentId))
    .where(eq(records.id, recordId));
  return row ?? null;
}

/** The type hook that lets `RecordManagers` decide on a request about a record. */
export async function recordManagerFacts(
  db: Database,
  request: RequestRow,
): Promise<Partial<RequestFacts>> {
  if (request.topicType !== 'record' || !request.topicId) return {};
  const topic = await loadRecordContext(db, request.topicId, 'record');
  return { topic: topic?.facts ?? null };
}
