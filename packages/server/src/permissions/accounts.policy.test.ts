import { describe, expect, it } from 'vitest';
import { personPolicy, type PersonFacts } from './accounts.policy.ts';
import { anonymous, can, type Identity } from './policy.ts';

const priya: PersonFacts = { userId: 3, visibility: 'restricted', communityIds: ['lab'] };
const member = (role: 'owner' | 'manager' | 'curator' | 'reader', id = 'lab'): Identity => ({
  userId: 9,
  isAdmin: false,
  isSystem: false,
  communities: [{ id, role }],
});
const sees = (who: Identity, person: PersonFacts = priya) =>
  can(personPolicy, 'canReadUserDetails', who, person);

describe('personPolicy.canReadUserDetails', () => {
  it('shows a public profile to anyone', () => {
    expect(sees(anonymous, { ...priya, visibility: 'public' })).toBe(true);
  });

  it('shows a private profile to the user, administrators and their communities’ managers', () => {
    expect(sees({ ...anonymous, userId: 3 })).toBe(true);
    expect(sees({ ...anonymous, userId: 1, isAdmin: true })).toBe(true);
    expect(sees({ ...anonymous, isSystem: true })).toBe(true);
    expect(sees(member('owner'))).toBe(true);
    expect(sees(member('manager'))).toBe(true);
  });

  it('hides it from everyone else, fellow members and other communities’ managers included', () => {
    expect(sees(anonymous)).toBe(false);
    expect(sees({ ...anonymous, userId: 9 })).toBe(false);
    expect(sees(member('curator'))).toBe(false);
    expect(sees(member('reader'))).toBe(false);
    expect(sees(member('manager', 'elsewhere'))).toBe(false);
  });
});
