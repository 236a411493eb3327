import type { FormatterModule } from 'i18next';

// Numbers, dates and sizes as a reader of the UI language writes them, all
// through Intl: "1,5 MB" in German, "2026/02/01" in Japanese.

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/** SPEC §9: sizes are shown in decimal units by default (1 kB = 1000 bytes). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    // Bytes spelt out take the language's plural ("0 bytes", "1 byte", "2 bajty"); the short
    // form is the bare unit in some languages ("377 byte"). Larger units stay short ("1.5 MB").
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A day, e.g. "15 Jan 2026" / "2026/01/15". */
export function formatDate(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(value));
}

/** A day written out, e.g. "March 15, 2026" / "15. März 2026": one style for a line of dates. */
export function formatLongDate(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(value));
}

/**
 * A record's publication date (EDTF: a day, a month or a year) in the long style of
 * `formatLongDate`; anything else (an interval) as written. A day is a calendar day, not a
 * moment: written in UTC so that no time zone moves it to the day before.
 */
export function formatPublicationDate(edtf: string, language: string): string {
  const [year, month, day] = edtf.split('-').map(Number);
  if (!/^\d{4}(-\d{2}(-\d{2})?)?$/.test(edtf) || year === undefined) return edtf;
  const date = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
  const parts: Intl.DateTimeFormatOptions =
    day !== undefined
      ? { dateStyle: 'long' }
      : month !== undefined
        ? { year: 'numeric', month: 'long' }
        : { year: 'numeric' };
  return new Intl.DateTimeFormat(language, { ...parts, timeZone: 'UTC' }).format(date);
}

/** A moment, to the minute. */
export function formatDateTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago a moment was, e.g. "yesterday", "3 hours ago", "vor 2 Tagen". */
export function formatRelativeTime(value: string | Date, language: string, now = new Date()) {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/**
 * i18next's formatter: every number interpolated into a text ("{{count}}
 * files") is written the way the language writes numbers. The catalogues
 * name no formats of their own.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Anything else goes back untouched (i18next turns it into text itself).
  format: (value: unknown, _format, language) =>
    typeof value === 'number' && language ? formatNumber(value, language) : (value as string),
};
