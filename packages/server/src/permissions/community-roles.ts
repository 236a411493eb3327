/** Roles of a community member, from most to least powerful. */
export const COMMUNITY_ROLES = ['owner', 'manager', 'curator', 'reader'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

/** Roles that curate: review submissions and manage the community's records. */
export const CURATING_ROLES: readonly CommunityRole[] = ['owner', 'manager', 'curator'];
/** Roles that manage the community itself and its members. */
export const MANAGING_ROLES: readonly CommunityRole[] = ['owner', 'manager'];
