import { describe, expect, it } from 'vitest';
import {
  accessSummary,
  accessSummaryLabels,
  computeAccessStatus,
  type AccessInput,
} from './access-status.ts';

const active = { active: true };

describe('computeAccessStatus', () => {
  it.each<[AccessInput, boolean, string]>([
    [{ record: 'public', files: 'public' }, true, 'open'],
    [{}, true, 'open'],
    [{ record: 'public', files: 'restricted', embargo: active }, true, 'embargoed'],
    [{ record: 'restricted', files: 'restricted', embargo: active }, true, 'embargoed'],
    [{ record: 'public', files: 'restricted' }, true, 'restricted'],
    [{ record: 'restricted', files: 'public' }, true, 'restricted'],
    [{ record: 'public', files: 'public' }, false, 'metadata-only'],
    [{ record: 'public', files: 'restricted' }, false, 'metadata-only'],
    [{ record: 'restricted', files: 'public' }, false, 'restricted'],
    [{ record: 'public', files: 'public', embargo: { active: false } }, true, 'open'],
  ])('%j with files enabled %s is %s', (access, filesEnabled, status) => {
    expect(computeAccessStatus(access, filesEnabled)).toBe(status);
  });
});

describe('accessSummary', () => {
  it.each<[AccessInput, Parameters<typeof accessSummary>[1], string]>([
    [{ record: 'public', files: 'public' }, {}, 'Public'],
    [{ record: 'public', files: 'restricted' }, { filesEnabled: false }, 'Public'],
    [{ record: 'public', files: 'restricted' }, {}, 'Public with restricted files'],
    [{ record: 'restricted', files: 'restricted' }, {}, 'Restricted'],
    [{ record: 'public', files: 'public' }, { communityVisibility: 'restricted' }, 'Restricted'],
    [{ record: 'restricted', files: 'restricted', embargo: active }, {}, 'Embargoed (full record)'],
    [{ record: 'public', files: 'restricted', embargo: active }, {}, 'Embargoed (files-only)'],
  ])('%j %j reads %j', (access, options, label) => {
    expect(accessSummaryLabels[accessSummary(access, options)]).toBe(label);
  });
});
