import type { FieldError } from '@arca/schema';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, validationFailed } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { publishChanges } from '../audit/audit-fields.ts';
import type { RecordKit } from './kit.ts';
import type { DraftLoaded, Loaded } from './state.ts';
import type { ReadOptions, RecordView, RecordViews } from './view.ts';

/** How often a publish validates again when the draft was saved while it validated. */
const ATTEMPTS = 3;

/**
 * What the files of a draft are, to notice a change between validation and
 * publication: the revision of their running totals moves with every change.
 */
const filesSignature = (loaded: Loaded) => `${loaded.files.revision}:${loaded.files.count}`;

export function publishOperations(kit: RecordKit, views: RecordViews) {
  /** Everything that stops a draft from being published or submitted, as field errors. */
  async function errorsOf(
    loaded: DraftLoaded,
    action: 'publish' | 'submit',
  ): Promise<FieldError[]> {
    const { validator } = kit.deps;
    return [
      ...(await kit.validate(
        loaded.row.id,
        loaded.document,
        await kit.publishedOf(loaded),
        loaded.files,
      )),
      ...validator.doiErrors(
        loaded.document,
        validator.doiRule(loaded.context.previousDoiProvider),
        action,
      ),
    ];
  }

  /**
   * Publishes a draft: validated on the committed draft (validation reads the
   * pool, so it stays out of the transaction), then made the record in one unit
   * of work that locks the parent and the draft, checks with the components what
   * it finds there, and finds the draft as validated.
   * Of concurrent publishes one wins; the others find no draft (404).
   */
  async function publish(
    actor: Actor,
    id: string,
    options: ReadOptions & {
      /** An accepted review publishing: its writes join the publish transaction. */
      viaReview?: (tx: Database) => Promise<void>;
    } = {},
  ): Promise<RecordView> {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await kit.loadDraft(id, actor, 'canPublish');
      const viaReview = !!options.viaReview;
      for (const component of kit.components) await component.checkPublish?.(id, viaReview, loaded);
      const errors = await errorsOf(loaded, 'publish');
      if (loaded.files.count > loaded.files.completed) {
        errors.push({ field: 'files.enabled', messages: ['filesPending'], severity: 'error' });
      }
      if (errors.length > 0) throw validationFailed(errors);

      const published = await kit.unit('publish', async (unit) => {
        const state = await kit.lockDraft(unit, id);
        kit.authorize('canPublish', actor, state);
        // Again under the lock: a review submitted meanwhile took it too (community-submission.ts).
        for (const component of kit.components)
          await component.checkPublish?.(id, viaReview, state);
        const unchanged =
          state.row.revisionId === loaded.row.revisionId &&
          filesSignature(state) === filesSignature(loaded);
        if (!unchanged) return state.row.revisionId;
        const { tx, repo } = unit;
        if (options.viaReview) await options.viaReview(tx);
        for (const component of kit.components) {
          await component.onPublish?.(tx, id, { unit, state });
        }
        const draft = state.row;
        const previous = state.isPublished ? await repo.record(id) : undefined;
        await recordAudit(tx, actor.identity, {
          action: 'record.publish',
          subject: { type: 'parent', id: state.parent.id },
          ...publishChanges(id, previous?.document.access, state.document.access),
        });
        await repo.upsertRecord({
          id,
          parentId: state.parent.id,
          versionIndex: draft.versionIndex,
          document: state.document,
          revisionId: draft.revisionId,
          createdAt: previous?.createdAt ?? draft.createdAt,
        });
        await repo.deleteDraft(id);
        return 'published' as const;
      });
      if (published === 'published') break;
      // Saved (or its files changed) while it was validated: validate what is there now.
      if (attempt === ATTEMPTS) {
        throw new DomainError('stale', 'revisionMismatch', {
          params: { given: loaded.row.revisionId, current: published },
        });
      }
    }
    return views.recordView(id, actor, { expand: options.expand ?? false });
  }

  return {
    publish,

    publishErrors: async (actor: Actor, id: string, action: 'publish' | 'submit') =>
      errorsOf(await kit.loadDraft(id, actor, 'canReadDraft'), action),
  };
}
