import { sql, type SQL } from 'drizzle-orm';
import type { CommunityRole } from './community-roles.ts';

/**
 * Declarative permissions (STYLE.md §2): a policy maps each action to a list
 * of generators, and an actor may act when any generator allows it.
 * Generators are small named predicates, so a policy reads as a table (as
 * InvenioRDM's do). Where it can, a generator also says which resources it
 * allows as a SQL condition, so a search never lists what a read would refuse.
 */
export interface Identity {
  userId: number | null;
  isAdmin: boolean;
  /** The server acting on its own behalf (jobs, seeding). */
  isSystem: boolean;
  /** The user's groups, when authentication already read them. */
  groups?: readonly string[];
  /** The user's community roles, when authentication already read them. */
  communities?: readonly { id: string; role: CommunityRole }[];
  /** The user has not confirmed their address yet, and the site requires it (issue 23). */
  emailUnverified?: boolean;
  /** The client's address (behind a trusted proxy, the forwarded one), for the audit log. */
  address?: string;
}

export const anonymous: Identity = { userId: null, isAdmin: false, isSystem: false };
export const system: Identity = { userId: null, isAdmin: false, isSystem: true };

export const LINK_LEVELS = ['view', 'preview', 'edit'] as const;
export type LinkLevel = (typeof LINK_LEVELS)[number];

/** Who is asking, with what permissions need beyond the identity. */
export interface Actor {
  identity: Identity;
  /** Groups the user belongs to (grants to a group apply to its members). */
  groups: string[];
  /** Valid secret links presented with ?token= or remembered in the session. */
  links: { id: string; parentId: string; permission: LinkLevel }[];
  /** The communities the user belongs to, with their role. */
  communities?: { id: string; role: CommunityRole }[];
  /** Access requests whose guest token the caller presented (API.md §3.5). */
  requestTokens?: string[];
  /** Links presented but refused (used up, or bound to another browser), to say why. */
  refusedLinks?: { id: string; parentId: string; reason: LinkRefusal }[];
  /** Who presents the links: their uses are recorded and one-visitor links bound to it. */
  linkVisit?: LinkVisit;
}

export type LinkRefusal =
  'linkUsesExhausted' | 'linkDownloadsExhausted' | 'linkBoundToOtherVisitor';

/** A link user as a request knows it; stored only hashed (the statistics' visitor hash). */
export interface LinkVisit {
  visitor: { userId: number | null; ip: string; userAgent: string };
  /** An HMAC of the browser's own cookie: what a one-visitor link is bound to. */
  browserMark: string;
}

/** A rule of a policy over resources of type R. */
export interface Generator<R, S = unknown> {
  readonly name: string;
  allows(actor: Actor, resource: R): boolean;
  /**
   * The resources it allows, as SQL; none (or undefined): it never matches in a search.
   * `scope` names the table searched, when a policy's resources live in more than one.
   */
  filter?(actor: Actor, scope?: S): SQL | undefined;
  /**
   * Set on generators that read the same rows with different keys (grants of
   * one level each): an action's list filters all of a family's members as one
   * condition, so a search reads those rows once (their own `filter` is unused).
   */
  readonly family?: { of: FilterFamily<S>; keys: readonly string[] };
  /**
   * Why it allows (one entry per way it does, e.g. per matching grant); by
   * default its name alone, whenever `allows` holds. Wrappers report the rule inside.
   */
  explain?(actor: Actor, resource: R): RuleMatch[];
  /** Why it does not allow, where the resource itself says (an embargo until a date). */
  refuses?(actor: Actor, resource: R): RuleMatch | undefined;
}

/** A rule of a policy that decided, with what it matched on. */
export interface RuleMatch {
  /** The generator's name: the rule's id in the table. */
  rule: string;
  /** What the rule matched on or stopped at (a grant's subject, a link, a date). */
  detail?: Record<string, string>;
}

/** The condition of a family's members at once: the union of their keys. */
export interface FilterFamily<S = unknown> {
  readonly name: string;
  filter(actor: Actor, keys: readonly string[], scope?: S): SQL | undefined;
}

export type Policy<R, A extends string = string, S = unknown> = Record<
  A,
  readonly Generator<R, S>[]
>;

/** An identity alone (account routes) acts as an actor with no groups, links or roles. */
function actorOf(who: Actor | Identity): Actor {
  if ('identity' in who) return who;
  return {
    identity: who,
    groups: [...(who.groups ?? [])],
    links: [],
    communities: [...(who.communities ?? [])],
  };
}

/** Whether `who` may do `action` to `resource`. */
export function can<R, A extends string>(
  policy: Policy<R, A>,
  action: A,
  who: Actor | Identity,
  resource: NoInfer<R>,
): boolean {
  const actor = actorOf(who);
  return policy[action].some((generator) => generator.allows(actor, resource));
}

/** Every way the generators of `action` allow `who`, and why those that could do not. */
export function explain<R, A extends string>(
  policy: Policy<R, A>,
  action: A,
  who: Actor | Identity,
  resource: NoInfer<R>,
): { allowedBy: RuleMatch[]; refusedBy: RuleMatch[] } {
  const actor = actorOf(who);
  const allowedBy = policy[action].flatMap((generator) => matchesOf(generator, actor, resource));
  const refusedBy =
    allowedBy.length > 0
      ? []
      : policy[action]
          .map((generator) => generator.refuses?.(actor, resource))
          .filter((match): match is RuleMatch => match !== undefined);
  return { allowedBy, refusedBy };
}

/** A generator's matches: its own explanation, else its name when it allows. */
export function matchesOf<R, S>(
  generator: Generator<R, S>,
  actor: Actor,
  resource: R,
): RuleMatch[] {
  if (generator.explain) return generator.explain(actor, resource);
  return generator.allows(actor, resource) ? [{ rule: generator.name }] : [];
}

/** The SQL condition selecting exactly the resources `action` allows (FALSE when none). */
export function filter<R, A extends string, S>(
  policy: Policy<R, A, S>,
  action: A,
  who: Actor | Identity,
  scope?: NoInfer<S>,
): SQL {
  const actor = actorOf(who);
  // Each family in its first member's place, with the keys of all its members.
  const families = new Map<FilterFamily<S>, string[]>();
  const parts: (Generator<R, S> | FilterFamily<S>)[] = [];
  for (const generator of policy[action]) {
    const family = generator.family;
    if (!family) parts.push(generator);
    else if (families.has(family.of)) families.get(family.of)!.push(...family.keys);
    else {
      families.set(family.of, [...family.keys]);
      parts.push(family.of);
    }
  }
  const conditions = parts
    .map((part) =>
      'allows' in part
        ? part.filter?.(actor, scope)
        : part.filter(actor, [...new Set(families.get(part))], scope),
    )
    .filter((condition): condition is SQL => condition !== undefined);
  if (conditions.length === 0) return sql`FALSE`;
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

const everything = sql`TRUE`;

export const AnyUser: Generator<unknown> = {
  name: 'AnyUser',
  allows: () => true,
  filter: () => everything,
};

export const AuthenticatedUser: Generator<unknown> = {
  name: 'AuthenticatedUser',
  allows: (actor) => actor.identity.userId !== null,
  filter: (actor) => (actor.identity.userId !== null ? everything : undefined),
};

export const Administrator: Generator<unknown> = {
  name: 'Administrator',
  allows: (actor) => actor.identity.isAdmin,
  filter: (actor) => (actor.identity.isAdmin ? everything : undefined),
};

export const SystemProcess: Generator<unknown> = {
  name: 'SystemProcess',
  allows: (actor) => actor.identity.isSystem,
  filter: (actor) => (actor.identity.isSystem ? everything : undefined),
};

/**
 * The generators' answer for actors whose address is confirmed (or need not
 * be): unconfirmed accounts may deposit drafts, but not publish them.
 */
export function VerifiedOnly<R, S>(generators: readonly Generator<R, S>[]): Generator<R, S> {
  return {
    name: `VerifiedOnly(${generators.map((g) => g.name).join(', ')})`,
    allows: (actor, resource) =>
      actor.identity.emailUnverified !== true &&
      generators.some((generator) => generator.allows(actor, resource)),
    explain: (actor, resource) =>
      actor.identity.emailUnverified === true
        ? []
        : generators.flatMap((generator) => matchesOf(generator, actor, resource)),
  };
}

/** The actor is the user the resource is about (their own account). */
export const Self: Generator<{ userId: number }> = {
  name: 'Self',
  allows: (actor, resource) =>
    actor.identity.userId !== null && actor.identity.userId === resource.userId,
};
