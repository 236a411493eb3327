import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { DepositFormValues } from './form-values.ts';
import {
  forgetValues,
  readStoredValues,
  recoveryKey,
  storeValues,
  type StoredValues,
} from './recovery.ts';

/** How long typing pauses before the values are written to the browser's storage. */
const STORE_DELAY_MS = 800;

/**
 * Keeps unsaved values in browser storage and offers back what a crash or a
 * reload left there. Writes happen off the keystroke path: a change only
 * schedules one, so typing stays fast on large records.
 */
export function useRecovery(form: UseFormReturn<DepositFormValues>, draftId: string | undefined) {
  const key = recoveryKey(draftId);
  const [offer, setOffer] = useState<StoredValues | undefined>(() => {
    const stored = readStoredValues(key);
    if (!stored) return undefined;
    const unchanged = JSON.stringify(stored.values) === JSON.stringify(form.getValues());
    return unchanged ? undefined : stored;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A change names its field; a reset (after a save, a restore) does not.
    const subscription = form.watch((_values, { name }) => {
      if (!name) return;
      clearTimeout(timer);
      timer = setTimeout(() => storeValues(key, form.getValues()), STORE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, key]);

  return {
    offer,
    restore: () => {
      if (!offer) return;
      // The saved draft stays the reference, so the restored values count as unsaved.
      form.reset(offer.values, { keepDefaultValues: true });
      setOffer(undefined);
    },
    dismiss: () => {
      forgetValues(key);
      setOffer(undefined);
    },
  };
}

export type Recovery = ReturnType<typeof useRecovery>;
