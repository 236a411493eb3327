import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  Administrator,
  AuthenticatedUser,
  Self,
  SystemProcess,
  VerifiedOnly,
  anonymous,
  can,
  explain,
  filter,
  type Generator,
  type Policy,
} from './policy.ts';

const Even: Generator<{ n: number }> = {
  name: 'Even',
  allows: (_actor, resource) => resource.n % 2 === 0,
  filter: () => sql`n % 2 = 0`,
};
const Never: Generator<unknown> = { name: 'Never', allows: () => false };

const policy = {
  read: [Even, Administrator],
  write: [Never, SystemProcess],
  own: [Self],
  signedIn: [AuthenticatedUser],
} satisfies Policy<{ n: number; userId: number }>;

const user = { userId: 7, isAdmin: false, isSystem: false };
const render = (condition: ReturnType<typeof filter>) => new PgDialect().sqlToQuery(condition).sql;

describe('the policy machinery', () => {
  it('allows when any generator of the action allows, for an identity or an actor', () => {
    expect(can(policy, 'read', anonymous, { n: 2, userId: 1 })).toBe(true);
    expect(can(policy, 'read', anonymous, { n: 3, userId: 1 })).toBe(false);
    expect(can(policy, 'read', { ...user, isAdmin: true }, { n: 3, userId: 1 })).toBe(true);
    const actor = { identity: user, groups: [], links: [] };
    expect(can(policy, 'own', actor, { n: 3, userId: 7 })).toBe(true);
    expect(can(policy, 'own', user, { n: 3, userId: 8 })).toBe(false);
    expect(can(policy, 'signedIn', anonymous, { n: 0, userId: 0 })).toBe(false);
  });

  it('filters with the conditions of the generators that have one, FALSE when none', () => {
    expect(render(filter(policy, 'read', user))).toBe('(n % 2 = 0)');
    expect(render(filter(policy, 'read', { ...user, isAdmin: true }))).toBe('(n % 2 = 0 OR TRUE)');
    expect(render(filter(policy, 'write', user))).toBe('FALSE');
    expect(render(filter(policy, 'write', { ...user, isSystem: true }))).toBe('(TRUE)');
  });
});

describe('explaining a decision', () => {
  const Listed: Generator<{ n: number; userId: number }> = {
    name: 'Listed',
    allows: (_actor, resource) => resource.n > 10,
    refuses: () => ({ rule: 'Listed', detail: { reason: 'small' } }),
  };
  const explained = {
    read: [Even, Listed, Administrator],
    publish: [VerifiedOnly([Even])],
  } satisfies Policy<{ n: number; userId: number }>;

  it('names every rule that allows, and agrees with can', () => {
    for (const n of [1, 2, 11, 12]) {
      const { allowedBy } = explain(explained, 'read', user, { n, userId: 1 });
      expect(allowedBy.length > 0).toBe(can(explained, 'read', user, { n, userId: 1 }));
    }
    expect(explain(explained, 'read', user, { n: 12, userId: 1 }).allowedBy).toEqual([
      { rule: 'Even' },
      { rule: 'Listed' },
    ]);
  });

  it('says why the rules that could allow do not, only when none allows', () => {
    expect(explain(explained, 'read', user, { n: 3, userId: 1 })).toEqual({
      allowedBy: [],
      refusedBy: [{ rule: 'Listed', detail: { reason: 'small' } }],
    });
    expect(explain(explained, 'read', user, { n: 2, userId: 1 }).refusedBy).toEqual([]);
  });

  it('reports the rule inside a wrapper, and nothing where the wrapper refuses', () => {
    expect(explain(explained, 'publish', user, { n: 2, userId: 1 }).allowedBy).toEqual([
      { rule: 'Even' },
    ]);
    const unverified = { ...user, emailUnverified: true };
    expect(explain(explained, 'publish', unverified, { n: 2, userId: 1 }).allowedBy).toEqual([]);
    expect(can(explained, 'publish', unverified, { n: 2, userId: 1 })).toBe(false);
  });
});
