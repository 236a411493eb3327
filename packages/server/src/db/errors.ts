/** True when a query failed on a unique constraint (PostgreSQL code 23505), whichever driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || !name || name === constraint;
  }
  return false;
}
