import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requests } from '../../db/schema.requests.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { DomainError } from '../errors.ts';
import type { RequestKit } from './kit.ts';
import type { RequestRow } from './types.ts';

/** An entity a request points at, e.g. `{ type: 'user', id: '1' }`. */
export interface Reference {
  type: string;
  id: string;
}

/** Making and removing requests, for the features that own each type (no permission: theirs). */
export function createOperations(kit: RequestKit) {
  return {
    /** A new request in status `created`. */
    async create(
      values: {
        type: string;
        title: string;
        topic: Reference | null;
        receiver: Reference | null;
        creator: Reference;
        payload?: Record<string, unknown>;
      },
      database: Database = kit.db,
    ): Promise<RequestRow> {
      if (!kit.types.get(values.type)) throw new DomainError('invalid', 'invalidRequestType');
      const [created] = await database
        .insert(requests)
        .values({
          type: values.type,
          title: values.title,
          topicType: values.topic?.type ?? null,
          topicId: values.topic?.id ?? null,
          receiverType: values.receiver?.type ?? null,
          receiverId: values.receiver?.id ?? null,
          creatorType: values.creator.type,
          creatorId: values.creator.id,
          payload: values.payload ?? {},
        })
        .returning();
      return created!;
    },

    /** Removes a request that was never submitted, or whose owner replaced it. */
    async remove(id: string, database: Database = kit.db): Promise<void> {
      await database.delete(requests).where(eq(requests.id, id));
      await createJobQueue(database, {}).cancel(`request-expiry:${id}`);
    },
  };
}
