import type { DepositFormValues } from './form-values.ts';

// Unsaved form values kept in the browser, so a crash or a reload does not
// lose what was typed (InvenioRDM #1959). One entry per draft ("new" before
// the first save); a successful save removes it.

const PREFIX = 'arca.deposit.';

export interface StoredValues {
  savedAt: string;
  values: DepositFormValues;
}

export const recoveryKey = (draftId: string | undefined) => `${PREFIX}${draftId ?? 'new'}`;

export function storeValues(key: string, values: DepositFormValues): void {
  try {
    const entry: StoredValues = { savedAt: new Date().toISOString(), values };
    window.localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage full or switched off: the editor works on without the safety net.
  }
}

export function readStoredValues(key: string): StoredValues | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<StoredValues>;
    if (typeof entry.savedAt !== 'string' || typeof entry.values !== 'object' || !entry.values)
      return undefined;
    return entry as StoredValues;
  } catch {
    return undefined;
  }
}

export function forgetValues(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: see storeValues.
  }
}
