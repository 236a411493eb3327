// Dates as the metadata writes them: EDTF level 0 without times, i.e. YYYY,
// YYYY-MM, YYYY-MM-DD, or an interval of two of those (SPEC §5).

const EDTF_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The first and last day a date covers ("2020-02" → 2020-02-01…2020-02-29), or undefined if it is not a real date. */
function coveredDays(value: string): { first: string; last: string } | undefined {
  const match = EDTF_DATE.exec(value);
  if (!match) return undefined;
  const [, year = '', month, day] = match;
  if (month !== undefined && (Number(month) < 1 || Number(month) > 12)) return undefined;
  const lastMonth = month ?? '12';
  const monthLength = daysInMonth(Number(year), Number(lastMonth));
  if (day !== undefined && (Number(day) < 1 || Number(day) > monthLength)) return undefined;
  return {
    first: `${year}-${month ?? '01'}-${day ?? '01'}`,
    last: `${year}-${lastMonth}-${day ?? String(monthLength)}`,
  };
}

/** YYYY, YYYY-MM, YYYY-MM-DD or an interval START/END of those, with real calendar dates. */
export function isEdtfDateOrInterval(value: string): boolean {
  const parts = value.split('/');
  if (parts.length === 1) return coveredDays(value) !== undefined;
  if (parts.length !== 2) return false;
  const start = coveredDays(parts[0] ?? '');
  const end = coveredDays(parts[1] ?? '');
  // An interval must not be empty: "2020/2020-06" is fine, "2020-06/2020-01" is not.
  return start !== undefined && end !== undefined && start.first <= end.last;
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && coveredDays(value) !== undefined;
}
