/** True when a query failed on a unique constraint (PostgreSQL code 23505), whichever driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || !name || name === constraint;
  }
  return false;
}

/**
 * True when PostgreSQL refused a value itself (class 22, data exception: bad
 * text, number out of range, …; class 54, a value beyond a limit such as an
 * index row): the input was at fault, not the server.
 */
export function isDataError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
