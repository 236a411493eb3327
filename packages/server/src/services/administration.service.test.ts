import { describe, expect, it } from 'vitest';
import { anonymous, system, type Identity } from '../permissions/policy.ts';
import type { UserLimitsService } from './user-limits.ts';
import type { OutboxReader } from '../mail/outbox.ts';
import type { AccountService } from './accounts.service.ts';
import { createAdministrationService } from './administration.service.ts';
import { createDirectoryService } from './directory.service.ts';
import { DomainError } from './errors.ts';
import type { GroupService } from './groups.service.ts';
import { createTokenService } from './tokens.service.ts';
import type { Database } from '../db/client.ts';

/** A dependency that records what was asked of it and answers `answer`. */
function recorder<T>(answer: unknown = { rows: [], total: 0 }) {
  const calls: string[] = [];
  const service = new Proxy(
    {},
    {
      get: (_target, name) => () => {
        calls.push(String(name));
        return Promise.resolve(answer);
      },
    },
  ) as T;
  return { service, calls };
}

// Roles known up front: the directory's privacy rule asks no database for them.
const user: Identity = { userId: 7, isAdmin: false, isSystem: false, communities: [] };
const admin: Identity = { userId: 1, isAdmin: true, isSystem: false };
const page = { page: 1, size: 10 };

function administration() {
  const accounts = recorder<AccountService>();
  const groups = recorder<GroupService>();
  const outbox = recorder<OutboxReader>();
  const userLimits = recorder<UserLimitsService>();
  const service = createAdministrationService({
    accounts: accounts.service,
    groups: groups.service,
    outbox: outbox.service,
    userLimits: userLimits.service,
  });
  const touched = () => [...accounts.calls, ...groups.calls, ...outbox.calls, ...userLimits.calls];
  return { service, touched };
}

/** Every administration method, as a caller would invoke it. */
const actions: [
  string,
  (s: ReturnType<typeof administration>['service'], who: Identity) => unknown,
][] = [
  ['users', (s, who) => s.users(who, '', page)],
  ['createUser', (s, who) => s.createUser(who, { email: 'a@b.c', password: 'x', full_name: 'A' })],
  ['user', (s, who) => s.user(who, 3)],
  ['updateUser', (s, who) => s.updateUser(who, 3, { active: false })],
  ['userQuota', (s, who) => s.userQuota(who, 3)],
  ['setUserQuota', (s, who) => s.setUserQuota(who, 3, { maxDrafts: 5, maxBytes: null })],
  ['createGroup', (s, who) => s.createGroup(who, { name: 'g' })],
  ['updateGroup', (s, who) => s.updateGroup(who, 'g', { title: 'G' })],
  ['removeGroup', (s, who) => s.removeGroup(who, 'g')],
  ['members', (s, who) => s.members(who, 'g')],
  ['addMember', (s, who) => s.addMember(who, 'g', 3)],
  ['removeMember', (s, who) => s.removeMember(who, 'g', 3)],
  ['outbox', (s, who) => s.outbox(who, page)],
];

describe('administration service', () => {
  it.each(actions)('%s refuses non-administrators before touching anything', async (_, act) => {
    for (const who of [anonymous, user]) {
      const { service, touched } = administration();
      const refusal = await Promise.resolve()
        .then(() => act(service, who))
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).kind).toBe('forbidden');
      expect(touched()).toEqual([]);
    }
  });

  it.each(actions)('%s is allowed to administrators and the system', async (name, act) => {
    for (const who of [admin, system]) {
      const { service, touched } = administration();
      await act(service, who);
      // One read of the repository; a user's quota also reads what they use.
      expect(touched()).toHaveLength(name === 'userQuota' ? 2 : 1);
    }
  });

  it('refuses before it checks the page window', async () => {
    const { service } = administration();
    await expect(service.users(user, '', { page: 10_000, size: 100 })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(service.users(admin, '', { page: 10_000, size: 100 })).rejects.toMatchObject({
      kind: 'invalid',
      key: 'invalidQuery',
    });
  });
});

describe('directory service', () => {
  const directory = (profile: object = {}) => {
    const accounts = recorder<AccountService>({ id: 3, fullName: 'Pat', ...profile });
    const groups = recorder<GroupService>();
    const service = createDirectoryService({
      db: {} as Database,
      accounts: accounts.service,
      groups: groups.service,
    });
    return { service, touched: () => [...accounts.calls, ...groups.calls] };
  };

  it('lets only signed-in users search people and groups', async () => {
    const { service, touched } = directory();
    await expect(service.users(anonymous, '', page)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(service.groups(anonymous, '', page)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(service.group(anonymous, 'g')).rejects.toMatchObject({ kind: 'forbidden' });
    expect(touched()).toEqual([]);
    await service.users(user, '', page);
    await service.groups(user, '', page);
    expect(touched()).toEqual(['searchPublic', 'search']);
  });

  it('shows a private or inactive profile to its owner only', async () => {
    const hidden = directory({ visibility: 'restricted', active: true });
    await expect(hidden.service.user(user, 3)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(hidden.service.user({ ...user, userId: 3 }, 3)).resolves.toMatchObject({ id: 3 });
    expect(await hidden.service.avatarName(user, 3)).toBe('');
    const inactive = directory({ visibility: 'public', active: false });
    await expect(inactive.service.user(user, 3)).rejects.toMatchObject({ kind: 'forbidden' });
    const open = directory({ visibility: 'public', active: true });
    await expect(open.service.user(anonymous, 3)).resolves.toMatchObject({ id: 3 });
    expect(await open.service.avatarName(anonymous, 3)).toBe('Pat');
  });
});

describe('token service', () => {
  it('refuses anonymous callers before any query', async () => {
    // No database: a query would throw something else than the refusal.
    const tokens = createTokenService({} as Database);
    await expect(tokens.list(anonymous)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(tokens.create(anonymous, { name: 'x' })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(tokens.revoke(anonymous, 1)).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
