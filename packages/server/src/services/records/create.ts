import type { Actor } from '../../permissions/records.policy.ts';
import { newRecordId } from './ids.ts';
import type { RecordKit } from './kit.ts';
import { NO_RECORD } from './state.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/** Creates a draft (version 1 of a new parent) from what the client sent. */
export function createOperation(kit: RecordKit, views: RecordViews) {
  return async (actor: Actor, body: unknown, options: ReadOptions = {}): Promise<RecordView> => {
    kit.authorize('canCreate', actor, { facts: NO_RECORD });
    const document = kit.prepare(body);
    const id = newRecordId();
    const errors = await kit.validate(id, document, undefined, []);
    const parentId = await kit.unit('create', async ({ repo }) => {
      const parent = await repo.insertParent(newRecordId(), actor.identity.userId!);
      await repo.insertDraft({ id, parentId: parent.id, versionIndex: 1, document });
      return parent.id;
    });
    try {
      for (const component of kit.components) {
        await component.afterCreate?.(actor, id, isObject(body) ? body : {});
      }
    } catch (error) {
      // A refused part (e.g. an invalid parent.review) leaves no half-made draft behind.
      await kit.unit('create', async ({ repo }) => {
        await repo.deleteDraft(id);
        await repo.deleteParent(parentId);
      });
      throw error;
    }
    return views.draftView(id, actor, { ...options, errors });
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
