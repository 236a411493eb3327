import { and, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { communityMembers } from '../db/schema.communities.ts';
import { personPolicy } from '../permissions/accounts.policy.ts';
import { MANAGING_ROLES } from '../permissions/community-roles.ts';
import { can, type Actor, type Identity } from '../permissions/policy.ts';
import { liveMembershipsOf } from './communities/live-memberships.ts';

/** What the rule needs of a user row. */
export interface Person {
  id: number;
  visibility: string;
}

const asActor = (who: Actor | Identity): Actor =>
  'identity' in who
    ? who
    : {
        identity: who,
        groups: [],
        links: [],
        ...(who.communities ? { communities: [...who.communities] } : {}),
      };

/**
 * The users among `people` whose name, affiliation and e-mail `who` may see
 * (`personPolicy.canReadUserDetails`): the one answer every place that names
 * users serializes from. Memberships are read only for private profiles, and
 * only when the viewer manages a community.
 */
export async function shownUsers(
  db: Database,
  who: Actor | Identity,
  people: readonly Person[],
): Promise<Set<number>> {
  let actor = asActor(who);
  const facts = (person: Person, communityIds: readonly string[] = []) => ({
    userId: person.id,
    visibility: person.visibility,
    communityIds,
  });
  const shown = new Set<number>();
  const hidden: Person[] = [];
  for (const person of people) {
    if (can(personPolicy, 'canReadUserDetails', actor, facts(person))) shown.add(person.id);
    else hidden.push(person);
  }
  const viewer = actor.identity.userId;
  if (hidden.length === 0 || viewer === null) return shown;
  // A deleted community's managers see no more than anyone else, as in the actor itself.
  if (!actor.communities) actor = { ...actor, communities: await liveMembershipsOf(db, viewer) };
  const managed = (actor.communities ?? [])
    .filter((membership) => MANAGING_ROLES.includes(membership.role))
    .map((membership) => membership.id);
  if (managed.length === 0) return shown;
  const memberships = await db
    .select({ userId: communityMembers.userId, communityId: communityMembers.communityId })
    .from(communityMembers)
    .where(
      and(
        inArray(
          communityMembers.userId,
          hidden.map((person) => person.id),
        ),
        inArray(communityMembers.communityId, managed),
      ),
    );
  for (const person of hidden) {
    const ids = memberships.filter((m) => m.userId === person.id).map((m) => m.communityId);
    if (can(personPolicy, 'canReadUserDetails', actor, facts(person, ids))) shown.add(person.id);
  }
  return shown;
}

/** Whether `who` may see one user's details. */
export const showsUser = async (db: Database, who: Actor | Identity, person: Person) =>
  (await shownUsers(db, who, [person])).has(person.id);
