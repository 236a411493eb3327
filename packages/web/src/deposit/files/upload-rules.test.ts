import { describe, expect, it } from 'vitest';
import { checkSelection } from './upload-rules.ts';

const quota = { maxFiles: 5, maxBytes: 1000 };

describe('checkSelection', () => {
  it('accepts new, non-empty files within the quota', () => {
    const result = checkSelection([{ name: 'a.csv', size: 10 }], [], quota);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.csv']);
    expect(result.refusals).toEqual([]);
  });

  it('refuses a name already held, compared Unicode-normalised, unless that upload failed', () => {
    const held = [{ key: 'caf\u00e9.txt', size: 3, failed: false }];
    const result = checkSelection([{ name: 'cafe\u0301.txt', size: 4 }], held, quota);
    expect(result.accepted).toEqual([]);
    expect(result.refusals).toEqual([{ kind: 'duplicate', filename: 'cafe\u0301.txt' }]);
    const retried = checkSelection(
      [{ name: 'a.csv', size: 4 }],
      [{ key: 'a.csv', size: 4, failed: true }],
      quota,
    );
    expect(retried.accepted).toHaveLength(1);
  });

  it('skips empty files unless they are allowed', () => {
    const result = checkSelection(
      [
        { name: 'e', size: 0 },
        { name: 'f', size: 1 },
      ],
      [],
      quota,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['f']);
    expect(result.refusals).toEqual([{ kind: 'empty' }]);
    expect(checkSelection([{ name: 'e', size: 0 }], [], quota, true).accepted).toHaveLength(1);
  });

  it('rejects a selection that passes the file count left', () => {
    const held = Array.from({ length: 4 }, (_, i) => ({ key: `${i}`, size: 1, failed: false }));
    const result = checkSelection(
      [
        { name: 'x', size: 1 },
        { name: 'y', size: 1 },
      ],
      held,
      quota,
    );
    expect(result.accepted).toEqual([]);
    expect(result.refusals).toEqual([{ kind: 'tooMany', max: 5 }]);
  });

  it('rejects a selection that passes the storage left, naming total and limit', () => {
    const held = [{ key: 'big', size: 900, failed: false }];
    const result = checkSelection([{ name: 'x', size: 200 }], held, quota);
    expect(result.accepted).toEqual([]);
    expect(result.refusals).toEqual([{ kind: 'tooLarge', total: 1100, limit: 1000 }]);
  });
});
