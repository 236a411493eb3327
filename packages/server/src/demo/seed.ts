import type { Services } from '../services/services.ts';
import { seedDemoCommunities } from './communities.ts';
import { seedDemoRecords } from './records.ts';

export const DEMO_PASSWORD = 'arca-demo';

export const DEMO_USERS = [
  {
    email: 'admin@demo.arca',
    fullName: 'Ada Admin',
    role: 'administrator',
    isAdmin: true,
    public: false,
  },
  {
    email: 'alice@demo.arca',
    fullName: 'Alice Archer',
    role: 'uploader',
    public: false,
    affiliations: 'CERN',
  },
  {
    email: 'bob@demo.arca',
    fullName: 'Bob Baker',
    role: 'collaborator',
    public: true,
    affiliations: 'University of Geneva',
    // ORCID's documented example iD (of a fictional person): no real researcher is misnamed.
    orcid: '0000-0002-1825-0097',
  },
  {
    email: 'carol@demo.arca',
    fullName: 'Carol Curator',
    role: 'curator',
    public: true,
    affiliations: 'EPFL',
  },
] as const;

export const DEMO_GROUPS = [
  {
    name: 'lab-members',
    title: 'Lab members',
    description: 'Everyone in the demo lab.',
    members: ['alice@demo.arca', 'bob@demo.arca'],
  },
  {
    name: 'curators',
    title: 'Curators',
    description: 'Curators of the demo communities.',
    members: ['carol@demo.arca'],
  },
] as const;

/** Demo users and groups, so a newcomer can log in and try every screen. */
export async function seedDemo(services: Services): Promise<void> {
  const ids = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const user = await services.accounts.create({
      email: demo.email,
      password: DEMO_PASSWORD,
      full_name: demo.fullName,
      is_admin: 'isAdmin' in demo ? demo.isAdmin : false,
    });
    ids.set(demo.email, user.id);
    await services.accounts.update(user.id, {
      username: demo.email.split('@')[0]!,
      profile: { affiliations: 'affiliations' in demo ? demo.affiliations : '' },
      identities: { orcid: 'orcid' in demo ? demo.orcid : null },
      preferences: { visibility: demo.public ? 'public' : 'restricted' },
    });
  }
  for (const group of DEMO_GROUPS) {
    await services.groups.create(group);
    for (const member of group.members)
      await services.groups.addMember(group.name, ids.get(member)!);
  }
  await seedDemoRecords(services, ids.get('alice@demo.arca')!);
  await seedDemoCommunities(services, {
    admin: ids.get('admin@demo.arca')!,
    alice: ids.get('alice@demo.arca')!,
    carol: ids.get('carol@demo.arca')!,
  });
}

/** The lines `npm start` prints so a newcomer knows how to log in. */
export function demoLoginLines(): string[] {
  return DEMO_USERS.map((user) => `  ${user.email.padEnd(18)} ${DEMO_PASSWORD}   (${user.role})`);
}
