import { and, eq, sql } from 'drizzle-orm';
import { requests } from '../../db/schema.requests.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { can } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { requestPolicy } from '../../permissions/requests.policy.ts';
import { DomainError, permissionDenied, validationFailed } from '../errors.ts';
import type { RequestKit, RequestView } from './kit.ts';
import type { RequestStatus } from './types.ts';

/** Fields the creator may change (API.md §4.3, `PUT /api/requests/{id}`). */
export interface RequestChanges {
  title?: string | undefined;
  description?: string | undefined;
  payload?: Record<string, unknown> | undefined;
}

/** What a request's creator does to it before or besides the actions: edit and delete. */
export function editOperations(kit: RequestKit) {
  const { db } = kit;
  return {
    /** Edits title, description or the payload keys its type allows, by its creator. */
    async update(actor: Actor, id: string, changes: RequestChanges): Promise<RequestView> {
      const request = await kit.readable(actor, id);
      const type = kit.types.get(request.type);
      if (!can(requestPolicy, 'canUpdate', actor, await kit.factsFor(request))) {
        throw permissionDenied();
      }
      const editableIn = type?.editableIn ?? ['created'];
      if (!editableIn.includes(request.status as RequestStatus)) {
        throw new DomainError('invalid', 'requestNotEditable', {
          params: { status: request.status },
        });
      }
      const editable = type?.editablePayload ?? {};
      const errors = Object.entries(changes.payload ?? {})
        .filter(([key, value]) => !editable[key]?.(value))
        .map(([key]) => ({
          field: `payload.${key}`,
          messages: [key in editable ? 'invalid' : 'payloadNotEditable'],
        }));
      if (errors.length > 0) throw validationFailed(errors);
      const [updated] = await db
        .update(requests)
        .set({
          ...(changes.title === undefined ? {} : { title: changes.title }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
          ...(changes.payload === undefined
            ? {}
            : { payload: { ...request.payload, ...changes.payload } }),
          updatedAt: new Date(),
          revisionId: sql`${requests.revisionId} + 1`,
        })
        // Only the status it was read in: a submit racing this edit wins alone.
        .where(and(eq(requests.id, request.id), eq(requests.status, request.status)))
        .returning();
      if (!updated) {
        throw new DomainError('invalid', 'requestNotEditable', {
          params: { status: request.status },
        });
      }
      return kit.viewOf(actor, updated);
    },

    /** Deletes a request its creator never submitted. */
    async delete(actor: Actor, id: string): Promise<void> {
      const request = await kit.readable(actor, id);
      if (!can(requestPolicy, 'canDelete', actor, await kit.factsFor(request))) {
        throw permissionDenied();
      }
      const notDeletable = () =>
        new DomainError('invalid', 'requestNotDeletable', { params: { status: request.status } });
      if (request.status !== 'created') throw notDeletable();
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(requests)
          .where(and(eq(requests.id, request.id), eq(requests.status, 'created')))
          .returning({ id: requests.id });
        if (!deleted) throw notDeletable();
        await createJobQueue(tx, {}).cancel(`request-expiry:${request.id}`);
      });
    },
  };
}
