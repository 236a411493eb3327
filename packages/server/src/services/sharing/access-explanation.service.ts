import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communities } from '../../db/schema.communities.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import type { AccountService, UserRow } from '../accounts.service.ts';
import type { CommunityService } from '../communities/communities.service.ts';
import { DomainError, notFound } from '../errors.ts';
import type { GroupService } from '../groups.service.ts';
import { shownUsers } from '../people.ts';
import type { RecordService } from '../records/records.service.ts';
import type { RecordView } from '../records/view.ts';
import {
  abilitiesOf,
  explainSubjects,
  publicActor,
  type Abilities,
  type Explained,
} from './access-explanation.ts';
import type { ShareTargets } from './share-target.ts';

/** Whom "check a person" asks about: a user's id, or the public. */
export type ExplainedActor = number | 'public';

/** A user named in an explanation, with whether the asker may see their name. */
export interface NamedUser {
  row: UserRow;
  shown: boolean;
}

/** The explanation of who may do what with a record, and the names it mentions. */
export interface AccessExplanation {
  id: string;
  scope: 'record' | 'draft';
  rows: Explained[];
  users: Map<number, NamedUser>;
  communities: CommunityNames;
}

export type CommunityNames = Map<string, { slug: string; title: string }>;

/** The communities whose roles the rules matched on. */
const communitiesMatched = (abilities: Abilities) =>
  Object.values(abilities).flatMap((ability) =>
    ability.allowedBy.flatMap((match) =>
      match.detail?.community_id ? [match.detail.community_id] : [],
    ),
  );

/** One actor's access: what they may do, and the record as they would read it (or why not). */
export interface ActorExplanation {
  id: string;
  scope: 'record' | 'draft';
  actor: { type: 'public' } | { type: 'user'; user: NamedUser };
  abilities: Abilities;
  communities: CommunityNames;
  view: RecordView | { refused: 'forbidden' | 'notFound' };
}

/**
 * "Who can see this, and why" (beside API.md §3, sharing): the record's managers ask the
 * policy the routes enforce, for every subject its access names or for one
 * actor, and read the record as that actor would.
 */
export function createAccessExplanationService(deps: {
  db: Database;
  targets: ShareTargets;
  accounts: AccountService;
  groups: GroupService;
  communities: CommunityService;
  records: RecordService;
  requireVerifiedEmail: boolean;
}) {
  const { db, targets, accounts, groups, records } = deps;

  /** A user as the routes would see them signed in: their groups, roles and standing. */
  async function actorOfUser(userId: number): Promise<Actor> {
    const user = await accounts.get(userId);
    const [memberOf, roles] = await Promise.all([
      groups.groupsOf(userId),
      deps.communities.membershipsOf(userId),
    ]);
    return {
      identity: {
        userId,
        isAdmin: user.isAdmin,
        isSystem: false,
        ...(deps.requireVerifiedEmail && !user.emailVerifiedAt ? { emailUnverified: true } : {}),
      },
      groups: [...memberOf],
      links: [],
      communities: [...roles],
    };
  }

  async function namedUsers(asker: Actor, ids: number[]): Promise<Map<number, NamedUser>> {
    const rows = await Promise.all(ids.map((id) => accounts.get(id)));
    const shown = await shownUsers(db, asker, rows);
    return new Map(rows.map((row) => [row.id, { row, shown: shown.has(row.id) }]));
  }

  return {
    async list(asker: Actor, id: string): Promise<AccessExplanation> {
      const { context } = await targets.managed(asker, id);
      const rows = await explainSubjects(context, actorOfUser);
      const userIds = rows.flatMap((row) => (row.subject.type === 'user' ? [row.subject.id] : []));
      const communityIds = rows.flatMap((row) => [
        ...(row.subject.type === 'community' ? [row.subject.id] : []),
        ...communitiesMatched(row.abilities),
      ]);
      return {
        id,
        scope: context.scope,
        rows,
        users: await namedUsers(asker, userIds),
        communities: await communityNames(communityIds),
      };
    },

    async forActor(asker: Actor, id: string, who: ExplainedActor): Promise<ActorExplanation> {
      const { context } = await targets.managed(asker, id);
      let actor = publicActor;
      let named: ActorExplanation['actor'] = { type: 'public' };
      if (who !== 'public') {
        // Anyone the asker may see, and whoever the record's access names already.
        const user = (await namedUsers(asker, [await existing(who)])).get(who)!;
        const inAccess =
          context.parent.ownerId === who ||
          context.grants.some((g) => g.subjectType === 'user' && g.subjectId === String(who));
        if (!user.shown && !inAccess) throw notFound();
        actor = await actorOfUser(who);
        named = { type: 'user', user };
      }
      const abilities = abilitiesOf(actor, context);
      return {
        id,
        scope: context.scope,
        actor: named,
        abilities,
        communities: await communityNames(communitiesMatched(abilities)),
        view: await readAs(actor, id, context.scope),
      };
    },
  };

  /** The slugs and titles of the communities an explanation names. */
  async function communityNames(ids: string[]): Promise<CommunityNames> {
    if (ids.length === 0) return new Map();
    const found = await db
      .select({ id: communities.id, slug: communities.slug, title: communities.title })
      .from(communities)
      .where(inArray(communities.id, [...new Set(ids)]));
    return new Map(found.map((c) => [c.id, { slug: c.slug, title: c.title }]));
  }

  async function existing(userId: number): Promise<number> {
    try {
      const user = await accounts.get(userId);
      if (!user.active) throw notFound();
      return user.id;
    } catch {
      throw notFound();
    }
  }

  /** The record as `actor` reads it: the same read the record routes make. */
  async function readAs(
    actor: Actor,
    id: string,
    scope: 'record' | 'draft',
  ): Promise<ActorExplanation['view']> {
    try {
      if (scope === 'draft') return await records.readDraft(actor, id);
      const read = await records.readRecord(actor, id);
      // The id names a version: a parent id is refused by the sharing target before here.
      if ('redirectTo' in read) return { refused: 'notFound' };
      return read;
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.kind === 'forbidden' || error.kind === 'notFound')
      ) {
        return { refused: error.kind };
      }
      throw error;
    }
  }
}

export type AccessExplanationService = ReturnType<typeof createAccessExplanationService>;
