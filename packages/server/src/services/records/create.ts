import { NO_FILES } from '../files/files.repository.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { EXTERNAL_PROVIDER } from '../pids.service.ts';
import { newRecordId } from './ids.ts';
import type { RecordKit } from './kit.ts';
import { NO_RECORD } from './state.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/**
 * Creates a draft (version 1 of a new parent) from what the client sent, with
 * what its components make of it (e.g. `parent.review`), in one unit of work:
 * a refused or failed part leaves nothing behind.
 */
export function createOperation(kit: RecordKit, views: RecordViews) {
  return async (actor: Actor, body: unknown, options: ReadOptions = {}): Promise<RecordView> => {
    kit.authorize('canCreate', actor, { facts: NO_RECORD });
    const { document, dropped } = kit.prepare(body);
    // A new draft has no reserved DOI: a managed one it names belongs to another record.
    if (document.pids.doi && document.pids.doi.provider !== EXTERNAL_PROVIDER) {
      delete document.pids.doi;
    }
    const input = isObject(body) ? body : {};
    for (const component of kit.components) await component.checkCreate?.(actor, input);
    const id = newRecordId();
    const errors = [...dropped, ...(await kit.validate(id, document, undefined, NO_FILES))];
    await kit.unit('create', async (unit) => {
      await kit.deps.userLimits.checkOpenDrafts(unit.tx, actor.identity.userId!);
      const parent = await unit.repo.insertParent(newRecordId(), actor.identity.userId!);
      await unit.repo.insertDraft({ id, parentId: parent.id, versionIndex: 1, document });
      if (!kit.components.some((component) => 'onCreate' in component)) return;
      const state = await kit.lockDraft(unit, id);
      for (const component of kit.components) {
        await component.onCreate?.(unit.tx, id, { unit, state, actor, body: input });
      }
    });
    return views.draftView(id, actor, { ...options, errors });
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
