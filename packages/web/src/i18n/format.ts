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
    unitDisplay: 'short',
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

/** A moment, to the minute. */
export function formatDateTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
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
