import type { RecordJson } from '@arca/schema';
import { describe, expect, it } from 'vitest';
import {
  accessSummary,
  embargoAllowed,
  embargoLiftedOn,
  restrictionBlocked,
} from './access-rules.ts';

describe('record protection rules', () => {
  it('names the five access summaries', () => {
    expect(accessSummary('public', 'public', false)).toBe('public');
    expect(accessSummary('public', 'restricted', false)).toBe('publicRestrictedFiles');
    expect(accessSummary('restricted', 'restricted', false)).toBe('restricted');
    expect(accessSummary('restricted', 'restricted', true)).toBe('embargoedFull');
    expect(accessSummary('public', 'restricted', true)).toBe('embargoedFiles');
  });

  it('allows an embargo only on something restricted, in a public community', () => {
    expect(embargoAllowed('public', 'public')).toBe(false);
    expect(embargoAllowed('public', 'restricted')).toBe(true);
    expect(embargoAllowed('restricted', 'public')).toBe(true);
    expect(embargoAllowed('restricted', 'restricted', false)).toBe(false);
  });

  it('blocks restricting a published public record after the grace period', () => {
    const record = {
      is_published: true,
      created: '2026-01-01T00:00:00Z',
      access: { record: 'public' },
    } as RecordJson;
    expect(restrictionBlocked(record, 30, new Date('2026-01-20T00:00:00Z'))).toBe(false);
    expect(restrictionBlocked(record, 30, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(restrictionBlocked({ ...record, is_published: false }, 30, new Date('2026-03-01'))).toBe(
      false,
    );
    expect(restrictionBlocked(undefined, 30)).toBe(false);
  });

  it('reports a lifted embargo by its end date', () => {
    expect(embargoLiftedOn({ active: false, until: '2026-01-01' }, '2026-02-01')).toBe(
      '2026-01-01',
    );
    expect(embargoLiftedOn({ active: true, until: '2026-01-01' }, '2026-02-01')).toBeUndefined();
    expect(embargoLiftedOn({ active: false, until: '2027-01-01' }, '2026-02-01')).toBeUndefined();
    expect(embargoLiftedOn({ active: false, until: '' }, '2026-02-01')).toBeUndefined();
  });
});
