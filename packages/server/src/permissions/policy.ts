import type { CommunityRole } from './community-roles.ts';

/**
 * Declarative permissions (STYLE.md §2): each action is a list of generators,
 * and an actor may act when any generator allows it. Generators are small
 * named predicates, so a policy reads as a table.
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
}

export const anonymous: Identity = { userId: null, isAdmin: false, isSystem: false };
export const system: Identity = { userId: null, isAdmin: false, isSystem: true };

export interface Generator<R> {
  readonly name: string;
  allows(identity: Identity, resource: R): boolean;
}

export type Policy<R, A extends string> = Record<A, readonly Generator<R>[]>;

export function can<R, A extends string>(
  policy: Policy<R, A>,
  action: A,
  identity: Identity,
  resource: R,
): boolean {
  return policy[action].some((generator) => generator.allows(identity, resource));
}

export const AnyUser: Generator<unknown> = { name: 'AnyUser', allows: () => true };

export const AuthenticatedUser: Generator<unknown> = {
  name: 'AuthenticatedUser',
  allows: (identity) => identity.userId !== null,
};

export const Administrator: Generator<unknown> = {
  name: 'Administrator',
  allows: (identity) => identity.isAdmin,
};

export const SystemProcess: Generator<unknown> = {
  name: 'SystemProcess',
  allows: (identity) => identity.isSystem,
};

/** The actor is the user the resource is about (their own account). */
export const Self: Generator<{ userId: number }> = {
  name: 'Self',
  allows: (identity, resource) => identity.userId !== null && identity.userId === resource.userId,
};
