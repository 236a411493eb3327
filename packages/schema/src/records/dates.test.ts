import { describe, expect, it } from 'vitest';
import { isEdtfDateOrInterval, isIsoDay } from './dates.ts';

describe('isEdtfDateOrInterval', () => {
  it.each([
    '2023',
    '2023-02',
    '2023-02-28',
    '2024-02-29',
    '2000-02-29',
    '0001',
    '2020-01/2020-06',
    '2019/2020-03-01',
    '2020/2020',
  ])('accepts %s', (value) => expect(isEdtfDateOrInterval(value)).toBe(true));

  it.each([
    '',
    '23',
    '2023-2',
    '2023-00',
    '2023-13',
    '2023-02-30',
    '2023-02-29',
    '1900-02-29',
    '2023-04-31',
    '2023-01-00',
    '2020-06/2020-01',
    '2021/2020',
    '2020/',
    '/2020',
    '2020/2021/2022',
    '2020-01-01T10:00:00',
    ' 2020',
    'yesterday',
  ])('refuses %j', (value) => expect(isEdtfDateOrInterval(value)).toBe(false));
});

describe('isIsoDay', () => {
  it('accepts a real day written YYYY-MM-DD', () => {
    expect(isIsoDay('2026-01-16')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
  });

  it.each(['2026', '2026-01', '2026-02-30', '2026-1-16', '16/01/2026', '2026-01-16/2026-01-17'])(
    'refuses %j',
    (value) => expect(isIsoDay(value)).toBe(false),
  );
});
