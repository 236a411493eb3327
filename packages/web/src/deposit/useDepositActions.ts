import type { FieldError, RecordJson } from '@arca/schema';
// Modules, not the package index: the index would bring zod into the page.
import { validationMessages } from '@arca/schema/messages';
import { useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { cancelReview, submitReview } from '../api/communities.ts';
import {
  createDraft,
  createNewVersion,
  deleteDraft,
  discardDoi,
  linkPath,
  publishDraft,
  readDraft,
  reserveDoi,
  saveDraft,
} from '../api/drafts.ts';
import { syncReview, withReview, type ReviewTarget } from './community/review-sync.ts';
import { validationFeedback, type FailingAction, type Feedback } from './feedback.ts';
import { doiRuleOf } from './fields/DoiField/doi-rules.ts';
import type { DepositFormValues } from './form-values.ts';
import { overlayChanges } from './merge-values.ts';
import { forgetValues, recoveryKey } from './recovery.ts';
import { fromRecord, toPayload } from './serializer.ts';
import { useServerFieldErrors } from './server-field-errors.ts';

/** Where a deleted draft sends the person (SPEC §2: the dashboard uploads route). */
export const DASHBOARD_UPLOADS_PATH = '/me/uploads';

export interface DepositSettings {
  doiRequired: boolean;
  customFields: readonly string[];
}

type Busy =
  | 'save'
  | 'publish'
  | 'preview'
  | 'delete'
  | 'reserve'
  | 'discard'
  | 'newVersion'
  | 'reload'
  | 'submit'
  | 'cancelReview';

/**
 * The editor's actions and flows (SPEC §4): save, publish, preview, delete,
 * DOI reserve/discard, new version, and reloading after a conflict. Holds the
 * draft as last read and the feedback banner.
 */
export function useDepositActions(
  form: UseFormReturn<DepositFormValues>,
  initialDraft: RecordJson | undefined,
  settings: DepositSettings,
  onCreated: (draft: RecordJson) => void,
  /** The chosen community; each save makes the draft's review follow it. */
  community?: ReviewTarget,
) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initialDraft);
  // Feedback follows what the person does (save, publish), as in InvenioRDM:
  // a draft opens without the errors it was last saved with.
  const [feedback, setFeedback] = useState<Feedback>();
  const [busy, setBusy] = useState<Busy>();
  /** Set while the editor itself navigates away, so the unsaved-changes guard lets it go. */
  const leaving = useRef(false);
  /** The draft for the actions in flight (state updates land after they read it). */
  const draftRef = useRef(initialDraft);

  const languages = () => [i18n.language];
  const storageKey = () => recoveryKey(draftRef.current?.id);

  // Paths with no field are told in the banner.
  const showFieldErrors = useServerFieldErrors(form);

  const fail = (action: FailingAction, error: unknown) => {
    if (error instanceof ApiError && error.status === 412) {
      setFeedback({ kind: 'conflict' });
      return;
    }
    const message = error instanceof ApiError && error.message ? error.message : undefined;
    const language = error instanceof ApiError ? error.language : undefined;
    setFeedback({ kind: 'failure', action, message, language });
  };

  async function leave(to: string, replace = false) {
    leaving.current = true;
    try {
      await navigate(to, { replace });
    } finally {
      leaving.current = false;
    }
  }

  /**
   * Creates or saves the draft. Returns the saved draft, or undefined when it
   * failed (the banner says why). Field errors land on their fields.
   */
  async function persist(failAs: FailingAction, quiet = false): Promise<RecordJson | undefined> {
    const values = form.getValues();
    const current = draftRef.current;
    // The language the request asks for, and so the one its answer's errors are worded in.
    const language = i18n.language;
    const payload = toPayload(values, { draft: current, customFields: settings.customFields });
    let saved: RecordJson;
    try {
      saved = current
        ? await saveDraft(current, payload, current.revision_id)
        : await createDraft(withReview(payload, community));
    } catch (error) {
      fail(failAs, error);
      return undefined;
    }
    if (community) {
      try {
        saved = await syncReview(saved, community);
      } catch (error) {
        // The record is saved; only the review did not follow. The next save retries it.
        draftRef.current = saved;
        setDraft(saved);
        if (!current) {
          onCreated(saved);
          void leave(`/uploads/${saved.id}`, true);
        }
        fail(failAs, error);
        return undefined;
      }
    }
    forgetValues(storageKey());
    draftRef.current = saved;
    setDraft(saved);
    // What was sent is now saved: it becomes the reference for "unsaved changes".
    // The person's DOI choice stays, unless the server holds a DOI that decides it.
    const pids = saved.pids.doi
      ? fromRecord(saved, { doiRequired: doiRuleOf(saved, settings.doiRequired).required }).pids
      : values.pids;
    form.reset({ ...values, pids }, { keepErrors: false });
    const errors = saved.errors ?? [];
    showFieldErrors(errors, language);
    if (!quiet) {
      setFeedback(validationFeedback('save', errors, undefined, language) ?? { kind: 'success' });
    }
    if (!current) {
      onCreated(saved);
      // The new draft's address, in the same editor (InvenioRDM replaces it too).
      void leave(`/uploads/${saved.id}`, true);
    }
    return saved;
  }

  async function run<T>(action: Busy, work: () => Promise<T>): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(action);
    try {
      return await work();
    } finally {
      setBusy(undefined);
    }
  }

  /** SPEC §5, the DOI check: a managed DOI was asked for and none is reserved. */
  function doiCheck(message: 'doiNeededPublish' | 'doiNeededSubmit'): boolean {
    const values = form.getValues();
    if (values.pids.choice !== 'managed' || draftRef.current?.pids.doi) return true;
    const text = t(message, { ns: 'validation', defaultValue: validationMessages[message] });
    const errors: FieldError[] = [{ field: 'pids.doi', messages: [text], severity: 'error' }];
    showFieldErrors(errors, i18n.language);
    const action = message === 'doiNeededPublish' ? 'publish' : 'submit';
    setFeedback(validationFeedback(action, errors, undefined, i18n.language));
    return false;
  }

  const save = () => run('save', () => persist('save'));

  const publish = () =>
    run('publish', async () => {
      if (!doiCheck('doiNeededPublish')) return;
      const saved = await persist('publish', true);
      if (!saved) return;
      try {
        const published = await publishDraft(saved);
        forgetValues(recoveryKey(saved.id));
        await leave(`/records/${published.id}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
          showFieldErrors(error.errors, error.language);
          setFeedback(validationFeedback('publish', error.errors, undefined, error.language));
        } else {
          fail('publish', error);
        }
      }
    });

  /** Save, submit the review (with the optional comment), go where the server says (SPEC §4). */
  const submitForReview = (comment: string) =>
    run('submit', async () => {
      if (!doiCheck('doiNeededSubmit')) return;
      const saved = await persist('submit', true);
      if (!saved) return;
      try {
        const request = await submitReview(saved, comment);
        forgetValues(recoveryKey(saved.id));
        await leave(linkPath(request.links.next_html ?? `/uploads/${saved.id}`));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
          showFieldErrors(error.errors, error.language);
          setFeedback(validationFeedback('submit', error.errors, error.message, error.language));
        } else {
          fail('submit', error);
        }
      }
    });

  /** Withdraws the open review; the draft goes back to being editable (API.md §4.2). */
  const cancelOpenReview = () =>
    run('cancelReview', async () => {
      const current = draftRef.current;
      if (!current) return;
      try {
        await cancelReview(current);
        const reread = await readDraft(current.id);
        draftRef.current = reread;
        setDraft(reread);
      } catch (error) {
        fail('submit', error);
      }
    });

  const preview = () =>
    run('preview', async () => {
      const saved = await persist('preview', true);
      if (saved) await leave(`/records/${saved.id}?preview=1`);
    });

  const remove = () =>
    run('delete', async () => {
      const current = draftRef.current;
      if (!current) {
        // Nothing was ever saved: forget the typed values and go.
        forgetValues(storageKey());
        await leave(DASHBOARD_UPLOADS_PATH);
        return;
      }
      try {
        await deleteDraft(current);
      } catch (error) {
        fail('delete', error);
        return;
      }
      forgetValues(storageKey());
      // Discarding the changes of a published record goes back to that record.
      await leave(current.is_published ? `/records/${current.id}` : DASHBOARD_UPLOADS_PATH);
    });

  const reserve = () =>
    run('reserve', async () => {
      // Saved first, as InvenioRDM does: the reservation answers with the stored draft.
      const saved = await persist('reserve', true);
      if (!saved) return;
      try {
        const updated = await reserveDoi(saved);
        draftRef.current = updated;
        setDraft(updated);
        form.clearErrors('pids');
      } catch (error) {
        fail('reserve', error);
      }
    });

  const discard = () =>
    run('discard', async () => {
      const current = draftRef.current;
      if (!current) return;
      try {
        const updated = await discardDoi(current);
        draftRef.current = updated;
        setDraft(updated);
      } catch (error) {
        fail('discard', error);
      }
    });

  const newVersion = () =>
    run('newVersion', async () => {
      const current = draftRef.current;
      if (!current) return;
      try {
        const created = await createNewVersion(current);
        await leave(linkPath(created.links.self_html ?? `/uploads/${created.id}`));
      } catch (error) {
        fail('newVersion', error);
      }
    });

  /** After a conflict: the latest draft, with what the person changed laid over it. */
  const reloadLatest = () =>
    run('reload', async () => {
      const current = draftRef.current;
      if (!current) return;
      try {
        const latest = await readDraft(current.id);
        const mine = form.getValues();
        const dirty = form.formState.dirtyFields as Record<string, unknown>;
        const latestValues = fromRecord(latest, {
          languages: languages(),
          doiRequired: doiRuleOf(latest, settings.doiRequired).required,
        });
        draftRef.current = latest;
        setDraft(latest);
        form.reset(latestValues);
        form.reset(overlayChanges(latestValues, mine, dirty), { keepDefaultValues: true });
        setFeedback(undefined);
      } catch (error) {
        fail('save', error);
      }
    });

  // One object per state change, not per render: the editor's context (and
  // every field reading it) stays put while the person types.
  return useMemo(
    () => ({
      draft,
      setDraft,
      feedback,
      setFeedback,
      busy,
      leaving,
      save,
      /** Saves (or creates) the draft before files go to it; undefined when that failed. */
      saveBeforeUpload: () => persist('saveBeforeUpload', true),
      publish,
      submitForReview,
      cancelOpenReview,
      preview,
      remove,
      reserve,
      discard,
      newVersion,
      reloadLatest,
    }),
    // The actions read the state through these three; they are rebuilt with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, feedback, busy],
  );
}

export type DepositActions = ReturnType<typeof useDepositActions>;
