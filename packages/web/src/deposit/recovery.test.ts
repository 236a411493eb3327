import { afterEach, describe, expect, it } from 'vitest';
import type { CommunityJson } from '../api/communities.ts';
import { emptyFormValues } from './form-values.ts';
import {
  forgetValues,
  readStoredValues,
  recoveryKey,
  storedCommunityDiffers,
  storeValues,
} from './recovery.ts';

const community: CommunityJson = {
  id: '5f0c9a1e-0000-4000-8000-000000000001',
  slug: 'lakeshore-lab',
  metadata: { title: 'Lakeshore Lab' },
  access: { visibility: 'public' },
  links: {},
};

afterEach(() => window.localStorage.clear());

describe('the values kept for recovery', () => {
  it('keeps the community picked beside the values, and a removal as null', () => {
    const key = recoveryKey(undefined);
    storeValues(key, emptyFormValues(), community);
    expect(readStoredValues(key)?.community).toEqual(community);
    storeValues(key, emptyFormValues(), null);
    expect(readStoredValues(key)?.community).toBeNull();
    storeValues(key, emptyFormValues());
    expect(readStoredValues(key)).not.toHaveProperty('community');
    forgetValues(key);
    expect(readStoredValues(key)).toBeUndefined();
  });

  it('drops a stored community it cannot read', () => {
    const key = recoveryKey('a1b2c-3d4e5');
    window.localStorage.setItem(
      key,
      JSON.stringify({ savedAt: '2026-01-01T00:00:00Z', values: {}, community: { id: 7 } }),
    );
    expect(readStoredValues(key)).not.toHaveProperty('community');
  });

  it('tells whether the stored community differs from the one the editor opened with', () => {
    const stored = (value?: CommunityJson | null) => ({
      savedAt: '2026-01-01T00:00:00Z',
      values: emptyFormValues(),
      ...(value === undefined ? {} : { community: value }),
    });
    expect(storedCommunityDiffers(stored(), undefined)).toBe(false);
    expect(storedCommunityDiffers(stored(community), undefined)).toBe(true);
    // The draft's review names it by id, the community's upload address by slug.
    expect(storedCommunityDiffers(stored(community), community.id)).toBe(false);
    expect(storedCommunityDiffers(stored(community), 'lakeshore-lab')).toBe(false);
    expect(storedCommunityDiffers(stored(community), 'another-id')).toBe(true);
    expect(storedCommunityDiffers(stored(null), community.id)).toBe(true);
    expect(storedCommunityDiffers(stored(null), undefined)).toBe(false);
  });
});
