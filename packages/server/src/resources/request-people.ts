import type { Actor } from '../permissions/policy.ts';
import type { UserRow } from '../services/accounts.service.ts';
import type { Services } from '../services/services.ts';
import type { ExpandedUsers } from './serializers/request.serializer.ts';

/**
 * With `expand=1`, the name of each person a request or its timeline names, to those
 * who may see it (personPolicy); a private profile is named by its id only, but for
 * `named` (the creator, to those who decide the request: requestPolicy.canNameCreator).
 */
export async function usersByIds(
  services: Services,
  who: Actor,
  ids: (string | undefined)[],
  named?: string,
): Promise<ExpandedUsers> {
  const rows: UserRow[] = [];
  for (const id of new Set(ids)) {
    if (id === undefined || !/^\d+$/.test(id)) continue;
    const row = await services.accounts.get(Number(id)).catch(() => undefined);
    if (row) rows.push(row);
  }
  const shown = await services.directory.shown(who, rows);
  const users = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const id = String(row.id);
    users.set(
      id,
      shown.has(row.id) || id === named
        ? { id, username: row.username, profile: { full_name: row.fullName } }
        : { id, username: null, profile: { full_name: '' } },
    );
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
