import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_ROLES, type CommunityRole } from './community-roles.ts';
import {
  communityPolicy,
  type CommunityAction,
  type CommunityFacts,
} from './communities.policy.ts';
import { anonymous, can, filter, system, type Identity } from './policy.ts';

const lab: CommunityFacts = {
  id: 'lab',
  visibility: 'public',
  submissionPolicy: 'open',
  reviewPolicy: 'open',
  memberPolicy: 'open',
  membersVisibility: 'public',
};
const gone: CommunityFacts = { ...lab, deleted: true, tombstoneVisible: true };
const member = (role: CommunityRole, id = 'lab'): Identity => ({
  userId: 9,
  isAdmin: false,
  isSystem: false,
  communities: [{ id, role }],
});
const admin: Identity = { ...anonymous, userId: 1, isAdmin: true };
const stranger: Identity = { ...anonymous, userId: 5 };
const may = (action: CommunityAction, who: Identity, facts: CommunityFacts = lab) =>
  can(communityPolicy, action, who, facts);

describe('deleting a community', () => {
  it('is for its owners, administrators and the system', () => {
    expect(may('canDelete', member('owner'))).toBe(true);
    expect(may('canDelete', admin)).toBe(true);
    expect(may('canDelete', system)).toBe(true);
  });

  it('is refused to its managers, curators and readers, to other communities’ owners and to strangers', () => {
    for (const role of ['manager', 'curator', 'reader'] as const) {
      expect(may('canDelete', member(role)), role).toBe(false);
    }
    expect(may('canDelete', member('owner', 'elsewhere'))).toBe(false);
    expect(may('canDelete', stranger)).toBe(false);
    expect(may('canDelete', anonymous)).toBe(false);
  });

  it('is restored by administrators and the system alone, and only once deleted', () => {
    expect(may('canRestore', admin, gone)).toBe(true);
    expect(may('canRestore', system, gone)).toBe(true);
    expect(may('canRestore', member('owner'), gone)).toBe(false);
    expect(may('canRestore', admin)).toBe(false);
  });
});

describe('a deleted community', () => {
  const everyone = [anonymous, stranger, admin, system, ...COMMUNITY_ROLES.map((r) => member(r))];
  const live: CommunityAction[] = [
    'canRead',
    'canUpdate',
    'canDelete',
    'canManageMembers',
    'canJoin',
    'canReadMembers',
    'canSubmitRecord',
    'canIncludeDirectly',
    'canCurate',
    'canRemoveRecord',
  ];

  it('is read, changed, joined and submitted to by nobody', () => {
    for (const action of live) {
      for (const who of everyone) expect(may(action, who, gone), action).toBe(false);
    }
  });

  it('shows its tombstone to anyone while it is visible and public, else to administrators', () => {
    expect(may('canReadTombstone', anonymous, gone)).toBe(true);
    expect(may('canReadTombstone', anonymous, { ...gone, tombstoneVisible: false })).toBe(false);
    expect(may('canReadTombstone', member('owner'), { ...gone, visibility: 'restricted' })).toBe(
      false,
    );
    expect(may('canReadTombstone', admin, { ...gone, tombstoneVisible: false })).toBe(true);
    expect(may('canReadTombstone', anonymous)).toBe(false);
  });

  it('is left out of searches by the read filter, for administrators too', () => {
    const { sql } = new PgDialect().sqlToQuery(filter(communityPolicy, 'canRead', admin));
    const branches = sql.split(' OR ');
    expect(branches.length).toBeGreaterThan(1);
    for (const branch of branches) expect(branch).toContain(`"deletion_status" = 'P'`);
  });
});
