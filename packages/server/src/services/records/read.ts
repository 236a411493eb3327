import { can } from '../../permissions/policy.ts';
import { recordPolicy, type Actor } from '../../permissions/records.policy.ts';
import { pidNotFound } from '../errors.ts';
import type { RecordContext } from './context.ts';
import type { RecordKit } from './kit.ts';
import type { RecordRow } from './repository.ts';
import { isDeleted, recordGone } from './tombstone.ts';
import { fromContext } from './state.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/** Reading drafts, records and versions (no unit of work: nothing changes). */
export function readOperations(kit: RecordKit, views: RecordViews) {
  /** The newest version of a parent the actor may read. */
  async function latestReadable(actor: Actor, parentId: string): Promise<string | undefined> {
    for (const version of await kit.repo.versionsOf(parentId)) {
      if (isDeleted(version)) continue;
      const loaded = await kit.state.recordState(version.id);
      if (loaded && can(recordPolicy, 'canRead', actor, loaded.facts)) return version.id;
    }
    return undefined;
  }

  return {
    latestReadable,

    async readDraft(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView> {
      const loaded = await kit.loadDraft(id, actor, 'canReadDraft');
      const errors = await kit.validate(
        id,
        loaded.document,
        await kit.publishedOf(loaded),
        loaded.files,
      );
      return views.view(loaded, actor, { ...options, errors });
    },

    /** A published record; a parent id answers with the latest version's id to redirect to. */
    async readRecord(
      actor: Actor,
      id: string,
      options: ReadOptions = {},
    ): Promise<RecordView | { redirectTo: string }> {
      const loaded = await kit.state.recordState(id);
      if (!loaded) {
        const latest = await latestReadable(actor, id);
        if (latest) return { redirectTo: latest };
        // A parent whose versions were all deleted answers with the newest one's tombstone.
        const [newest] = await kit.repo.versionsOf(id);
        if (newest && isDeleted(newest)) throw recordGone(newest);
        throw pidNotFound();
      }
      const row = loaded.row as RecordRow;
      if (isDeleted(row)) throw recordGone(row);
      kit.authorize('canRead', actor, loaded);
      return views.view(loaded, actor, options);
    },

    /**
     * The drafts and records a search found, presented from their contexts
     * without reading them again. Drafts are not validated: their errors
     * belong to a read of the draft, not to a list.
     */
    async presentHits(
      actor: Actor,
      contexts: RecordContext[],
      options: ReadOptions = {},
    ): Promise<RecordView[]> {
      return Promise.all(
        contexts.map((context) => {
          const loaded = fromContext(context);
          // The search filter already applied this rule; checking again costs nothing.
          kit.authorize(context.scope === 'draft' ? 'canReadDraft' : 'canRead', actor, loaded);
          // A hit carries a summary of its files, never their entries (links.files lists them).
          return views.view(
            { ...loaded, files: { ...loaded.files, entries: null } },
            actor,
            options,
          );
        }),
      );
    },

    /** Every version the actor may read, newest first. */
    async versions(actor: Actor, id: string, options: ReadOptions = {}): Promise<RecordView[]> {
      const { parent } = await kit.loadRecord(id, actor, 'canRead');
      const result: RecordView[] = [];
      for (const version of await kit.repo.versionsOf(parent.id)) {
        if (isDeleted(version)) continue;
        const loaded = (await kit.state.recordState(version.id))!;
        if (can(recordPolicy, 'canRead', actor, loaded.facts))
          result.push(await views.view(loaded, actor, options));
      }
      return result;
    },

    async latestVersionOf(actor: Actor, id: string): Promise<string> {
      const { parent } = await kit.loadRecord(id, actor, 'canRead');
      return (await latestReadable(actor, parent.id)) ?? id;
    },
  };
}
