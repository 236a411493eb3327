import { describe, expect, it } from 'vitest';
import { withStats } from './stats-answers.ts';

const stats = {
  this_version: { views: 1, unique_views: 1, downloads: 0, unique_downloads: 0, data_volume: 0 },
  all_versions: { views: 2, unique_views: 1, downloads: 0, unique_downloads: 0, data_volume: 0 },
};

describe('withStats', () => {
  it('adds stats to a cached record body', () => {
    expect(JSON.parse(withStats('{"id":"a","links":{"self":"x"}}', stats))).toEqual({
      id: 'a',
      links: { self: 'x' },
      stats,
    });
  });

  it('adds stats to an empty object', () => {
    expect(JSON.parse(withStats('{}', stats))).toEqual({ stats });
  });
});
