import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { grants, parents, records } from '../../db/schema.ts';
import type { RequestFacts } from '../../permissions/requests.policy.ts';
import type { RequestRow } from '../requests/types.ts';

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

/** Who decides requests about a parent: its owner, and users and groups with `manage`. */
export async function managingSubjects(
  db: Database,
  parentId: string,
): Promise<{ ownerId: number | null; users: string[]; groups: string[] }> {
  const [parent] = await db
    .select({ ownerId: parents.ownerId })
    .from(parents)
    .where(eq(parents.id, parentId));
  const managing = await db
    .select({ type: grants.subjectType, id: grants.subjectId })
    .from(grants)
    .where(and(eq(grants.parentId, parentId), eq(grants.permission, 'manage')));
  const ownerId = parent?.ownerId ?? null;
  return {
    ownerId,
    users: [
      ...(ownerId === null ? [] : [String(ownerId)]),
      ...managing.filter((g) => g.type === 'user').map((g) => g.id),
    ],
    groups: managing.filter((g) => g.type === 'role').map((g) => g.id),
  };
}

/** The type hook that lets `RecordManagers` decide on a request about a record. */
export async function recordManagerFacts(
  db: Database,
  request: RequestRow,
): Promise<Partial<RequestFacts>> {
  if (request.topicType !== 'record' || !request.topicId) return {};
  const topic = await recordTopic(db, request.topicId);
  if (!topic) return { topicManagers: { users: [], groups: [] } };
  const { users: managerUsers, groups } = await managingSubjects(db, topic.parentId);
  return { topicManagers: { users: managerUsers, groups } };
}
