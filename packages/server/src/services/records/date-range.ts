/*
 * Dates as InvenioRDM writes them (EDTF levels 0: `2020`, `2020-05`,
 * `2020-05-17`, and intervals `2020/2021-06`) turned into the days they span,
 * for the `publication_range` column and for range queries on it.
 */

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last day of a date of year, month or day precision; null if it is none. */
export function daySpan(value: string): [string, string] | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (year === 0) return null;
  if (match[2] === undefined) return [iso(year, 1, 1), iso(year, 12, 31)];
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) return [iso(year, month, 1), iso(year, month, daysIn(year, month))];
  const day = Number(match[3]);
  if (day < 1 || day > daysIn(year, month)) return null;
  return [iso(year, month, day), iso(year, month, day)];
}

/** A `daterange` literal of the days a publication date spans (null if it is not a date). */
export function publicationRange(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const [from = '', to = from] = value.split('/');
  const start = daySpan(from);
  const end = daySpan(to);
  if (!start || !end || start[0] > end[1]) return null;
  return `[${start[0]},${end[1]}]`;
}

/** One end of a range query: a date, or `*` (null) for none. */
export interface RangeBound {
  value: string | null;
  inclusive: boolean;
}

const shift = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/**
 * The `daterange` literal a range query asks for: `[2020 TO 2021]` is every
 * day of both years, `{2020 TO *}` the days after 2020 (an exclusive end
 * leaves out the whole date given). Null when a bound is not a date; 'empty'
 * when no day is in it.
 */
export function queryRange(
  from: RangeBound,
  to: RangeBound,
): `${'[' | '('}${string}` | null | 'empty' {
  const start = from.value === null ? null : daySpan(from.value);
  const end = to.value === null ? null : daySpan(to.value);
  if ((from.value !== null && !start) || (to.value !== null && !end)) return null;
  const first = start && (from.inclusive ? start[0] : shift(start[1], 1));
  const last = end && (to.inclusive ? end[1] : shift(end[0], -1));
  // Past year 9999 or before year 1: no day of a record can be there.
  const outside = (day: string | null) => day !== null && !/^(?!0000)\d{4}-/.test(day);
  if (outside(first) || outside(last) || (first && last && first > last)) return 'empty';
  return first ? `[${first},${last ? `${last}]` : ')'}` : `(,${last ? `${last}]` : ')'}`;
}
