import type { CommunityJson } from '../api/communities.ts';
import type { DepositFormValues } from './form-values.ts';

// Unsaved form values kept in the browser, so a crash or a reload does not
// lose what was typed (InvenioRDM #1959). One entry per draft ("new" before
// the first save); a successful save removes it.

const PREFIX = 'arca.deposit.';

export interface StoredValues {
  savedAt: string;
  values: DepositFormValues;
  /**
   * The community picked since the last save: absent when none was picked,
   * null when the draft's community was removed. It lives beside the form
   * (useCommunityChoice), so it is kept beside the values.
   */
  community?: CommunityJson | null;
}

export const recoveryKey = (draftId: string | undefined) => `${PREFIX}${draftId ?? 'new'}`;

export function storeValues(
  key: string,
  values: DepositFormValues,
  community?: CommunityJson | null,
): void {
  try {
    const entry: StoredValues = { savedAt: new Date().toISOString(), values };
    if (community !== undefined) entry.community = community;
    window.localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Storage full or switched off: the editor works on without the safety net.
  }
}

function isCommunity(value: unknown): value is CommunityJson | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const community = value as Partial<CommunityJson>;
  return typeof community.id === 'string' && typeof community.metadata === 'object';
}

export function readStoredValues(key: string): StoredValues | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<StoredValues>;
    if (typeof entry.savedAt !== 'string' || typeof entry.values !== 'object' || !entry.values)
      return undefined;
    if (entry.community !== undefined && !isCommunity(entry.community)) delete entry.community;
    return entry as StoredValues;
  } catch {
    return undefined;
  }
}

/**
 * Whether the stored community differs from the one the editor opened with
 * (`initialKey`: the id of the draft's review community, or the slug of
 * `/communities/{slug}/upload`).
 */
export function storedCommunityDiffers(stored: StoredValues, initialKey: string | undefined) {
  const { community } = stored;
  if (community === undefined) return false;
  if (community === null) return initialKey !== undefined;
  return community.id !== initialKey && community.slug !== initialKey;
}

export function forgetValues(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: see storeValues.
  }
}
