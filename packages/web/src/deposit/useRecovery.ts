import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CommunityChoice } from './community/useCommunityChoice.ts';
import type { DepositFormValues } from './form-values.ts';
import {
  forgetValues,
  readStoredValues,
  recoveryKey,
  storedCommunityDiffers,
  storeValues,
  type StoredValues,
} from './recovery.ts';

/** How long typing pauses before the values are written to the browser's storage. */
const STORE_DELAY_MS = 800;

type Community = Pick<CommunityChoice, 'picked' | 'initialKey' | 'choose' | 'remove'>;

/**
 * Keeps unsaved values, and the community picked, in browser storage and
 * offers back what a crash or a reload left there. Writes happen off the
 * keystroke path: a change only schedules one, so typing stays fast on large
 * records.
 */
export function useRecovery(
  form: UseFormReturn<DepositFormValues>,
  draftId: string | undefined,
  community: Community,
) {
  const key = recoveryKey(draftId);
  const [offer, setOffer] = useState<StoredValues | undefined>(() => {
    const stored = readStoredValues(key);
    if (!stored) return undefined;
    const unchanged = JSON.stringify(stored.values) === JSON.stringify(form.getValues());
    return unchanged && !storedCommunityDiffers(stored, community.initialKey) ? undefined : stored;
  });

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { picked } = community;

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => storeValues(key, form.getValues(), picked), STORE_DELAY_MS);
  }, [form, key, picked]);

  useEffect(() => {
    // The form's own notices rather than form.watch(callback): a watcher of
    // every value makes react-hook-form copy the whole form on each keystroke
    // (about 3 ms with 500 creators), and only the notice is needed here. A
    // value change names its field; a reset (after a save, a restore) does
    // not, and drops a write still pending from before the save.
    const subscription = form.control._subjects.state.subscribe({
      next: (notice) => {
        if (!('values' in notice) && !('type' in notice)) return;
        if (notice.name) schedule();
        else clearTimeout(timer.current);
      },
    });
    return () => {
      clearTimeout(timer.current);
      subscription.unsubscribe();
    };
  }, [form, schedule]);

  // Picking or removing a community is a change too, though not one of the form's.
  const storedPick = useRef(picked);
  useEffect(() => {
    if (picked === storedPick.current) return;
    storedPick.current = picked;
    schedule();
  }, [picked, schedule]);

  return {
    offer,
    restore: () => {
      if (!offer) return;
      // The saved draft stays the reference, so the restored values count as unsaved.
      form.reset(offer.values, { keepDefaultValues: true });
      if (offer.community === null) community.remove();
      else if (offer.community) community.choose(offer.community);
      setOffer(undefined);
    },
    dismiss: () => {
      forgetValues(key);
      setOffer(undefined);
    },
  };
}

export type Recovery = ReturnType<typeof useRecovery>;
