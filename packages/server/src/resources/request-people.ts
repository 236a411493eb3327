import type { Services } from '../services/services.ts';
import type { ExpandedUsers } from './serializers/request.serializer.ts';

/**
 * With `expand=1`, the name of each person a request or its timeline names: whoever may read
 * the request sees who made it and who commented, whatever their profile's visibility.
 */
export async function usersByIds(
  services: Services,
  ids: (string | undefined)[],
): Promise<ExpandedUsers> {
  const users = new Map<string, Record<string, unknown>>();
  for (const id of new Set(ids)) {
    if (id === undefined || !/^\d+$/.test(id)) continue;
    const row = await services.accounts.get(Number(id)).catch(() => undefined);
    if (row) users.set(id, { id, username: row.username, profile: { full_name: row.fullName } });
  }
  return users;
}

interface AuthoredEvent {
  row: { createdBy: number | null };
  children?: { row: { createdBy: number | null } }[];
}

const authorOf = (event: AuthoredEvent) =>
  event.row.createdBy === null ? undefined : String(event.row.createdBy);

/** Who wrote the events of a timeline page and their replies. */
export const eventAuthors = (events: AuthoredEvent[]) =>
  events.flatMap((event) => [authorOf(event), ...(event.children ?? []).map(authorOf)]);
