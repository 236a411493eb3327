import { ApiError } from '../../api/client.ts';

/** The server's message for each field it refused (already translated), by field path. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const item of error.errors) {
    const message = item.messages[0];
    if (item.field && message && !(item.field in result)) result[item.field] = message;
  }
  return result;
}
