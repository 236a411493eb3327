import { can, explain, type RuleMatch } from '../../permissions/policy.ts';
import { COMMUNITY_ROLES, type CommunityRole } from '../../permissions/community-roles.ts';
import {
  recordPolicy,
  type Actor,
  type LinkLevel,
  type RecordAction,
} from '../../permissions/records.policy.ts';
import type { RecordContext, RecordScope } from '../records/context.ts';

/** What an explanation answers for each actor, in the words of the sharing dialog. */
export const EXPLAINED_ACTIONS = ['view', 'preview', 'edit', 'manage'] as const;
export type ExplainedAction = (typeof EXPLAINED_ACTIONS)[number];

/**
 * The policy's action behind each explained word, for a published record and
 * for a draft: the same actions the record, files, edit and sharing routes check.
 */
export const EXPLAINED_POLICY_ACTIONS: Record<
  RecordScope,
  Record<ExplainedAction, RecordAction>
> = {
  record: { view: 'canRead', preview: 'canReadFiles', edit: 'canEdit', manage: 'canManageAccess' },
  draft: {
    view: 'canReadDraft',
    preview: 'canReadDraftFiles',
    edit: 'canUpdateDraft',
    manage: 'canManageAccess',
  },
};

/** Whether an actor may do one thing, and the rules of the policy that say so (or stop it). */
export interface Ability {
  allowed: boolean;
  allowedBy: RuleMatch[];
  refusedBy: RuleMatch[];
}

export type Abilities = Record<ExplainedAction, Ability>;

/** The policy's answer for `actor` on the record, action by action, with its reasons. */
export function abilitiesOf(actor: Actor, context: RecordContext): Abilities {
  const actions = EXPLAINED_POLICY_ACTIONS[context.scope];
  const entries = EXPLAINED_ACTIONS.map((name) => {
    const action = actions[name];
    const { allowedBy, refusedBy } = explain(recordPolicy, action, actor, context.facts);
    const allowed = can(recordPolicy, action, actor, context.facts);
    return [name, { allowed, allowedBy, refusedBy }] as const;
  });
  return Object.fromEntries(entries) as Abilities;
}

/** Whom an explanation is about. */
export type Subject =
  | { type: 'public' }
  | { type: 'user'; id: number }
  | { type: 'group'; id: string }
  | {
      type: 'link';
      id: string;
      permission: LinkLevel;
      expiresAt: string | null;
      description: string;
    }
  | { type: 'community'; id: string; roles: CommunityRole[] }
  | { type: 'administrators' };

const nobody = { userId: null, isAdmin: false, isSystem: false };

/** The public: no account, no link. */
export const publicActor: Actor = { identity: nobody, groups: [], links: [], communities: [] };

/** Anyone in a group, as the group's grants see them. */
const groupActor = (group: string): Actor => ({ ...publicActor, groups: [group] });

/** Anyone holding a secret link of the record. */
const linkActor = (link: { id: string; parentId: string; permission: LinkLevel }): Actor => ({
  ...publicActor,
  links: [{ id: link.id, parentId: link.parentId, permission: link.permission }],
});

/** Anyone with a role in a community, as its role alone gives them. */
const memberActor = (id: string, role: CommunityRole): Actor => ({
  ...publicActor,
  communities: [{ id, role }],
});

const adminActor: Actor = { ...publicActor, identity: { ...nobody, isAdmin: true } };

const today = () => new Date().toISOString().slice(0, 10);

/** What one subject may do, with why. */
export interface Explained {
  subject: Subject;
  abilities: Abilities;
}

const anyAllowed = (abilities: Abilities) =>
  EXPLAINED_ACTIONS.some((action) => abilities[action].allowed);

/**
 * Every subject the record's access names (its owner and grantees, held
 * through `actorOfUser`; groups, valid links, the roles of its communities,
 * administrators and the public), each with the policy's answer. Subjects
 * the policy gives nothing are left out, except the public.
 */
export async function explainSubjects(
  context: RecordContext,
  actorOfUser: (userId: number) => Promise<Actor>,
): Promise<Explained[]> {
  const rows: Explained[] = [];
  const add = (subject: Subject, actor: Actor) => {
    const abilities = abilitiesOf(actor, context);
    if (subject.type === 'public' || anyAllowed(abilities)) rows.push({ subject, abilities });
  };

  const userIds = [
    context.parent.ownerId,
    ...context.grants.filter((g) => g.subjectType === 'user').map((g) => Number(g.subjectId)),
  ].filter((id, index, all) => Number.isSafeInteger(id) && all.indexOf(id) === index);
  const userActors = await Promise.all(userIds.map(actorOfUser));
  userIds.forEach((id, index) => add({ type: 'user', id }, userActors[index]!));

  const groups = new Set(
    context.grants.filter((g) => g.subjectType === 'role').map((g) => g.subjectId),
  );
  for (const group of groups) add({ type: 'group', id: group }, groupActor(group));

  const day = today();
  for (const link of context.links) {
    if (link.expiresAt !== null && link.expiresAt < day) continue;
    // A used-up link gives nobody anything (a one-visitor link still gives its visitor).
    if (link.maxUses !== null && link.useCount >= link.maxUses) continue;
    const permission = link.permission as LinkLevel;
    add(
      {
        type: 'link',
        id: link.id,
        permission,
        expiresAt: link.expiresAt,
        description: link.description,
      },
      linkActor({ id: link.id, parentId: link.parentId, permission }),
    );
  }

  for (const row of communityRows(context)) rows.push(row);
  add({ type: 'administrators' }, adminActor);
  add({ type: 'public' }, publicActor);
  return rows;
}

/**
 * The communities the record belongs to, reviews it or is asked to include
 * it: one row per set of roles the policy answers alike for (curating roles
 * usually share one).
 */
function communityRows(context: RecordContext): Explained[] {
  const ids = new Set([
    ...context.communities,
    ...(context.facts.reviewCommunity ? [context.facts.reviewCommunity] : []),
    ...context.inclusionCommunities,
  ]);
  const rows: Explained[] = [];
  for (const id of ids) {
    const byAnswer = new Map<string, Explained>();
    for (const role of COMMUNITY_ROLES) {
      const abilities = abilitiesOf(memberActor(id, role), context);
      if (!anyAllowed(abilities)) continue;
      const key = JSON.stringify(
        EXPLAINED_ACTIONS.map((action) => abilities[action].allowedBy.map((m) => m.rule)),
      );
      const same = byAnswer.get(key);
      if (same && same.subject.type === 'community') same.subject.roles.push(role);
      else byAnswer.set(key, { subject: { type: 'community', id, roles: [role] }, abilities });
    }
    rows.push(...byAnswer.values());
  }
  return rows;
}
