import { sql, type SQL } from 'drizzle-orm';
import { grants, parents, records } from '../db/schema.ts';
import type { Identity } from './policy.ts';
import { CURATING_ROLES, type CommunityRole } from './community-roles.ts';
import { requests } from '../db/schema.requests.ts';

export const GRANT_LEVELS = ['view', 'preview', 'edit', 'manage'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];
export const LINK_LEVELS = ['view', 'preview', 'edit'] as const;
export type LinkLevel = (typeof LINK_LEVELS)[number];

/** Who is asking, with what a record permission needs beyond the identity. */
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
}

/** What a record permission looks at. */
export interface RecordFacts {
  parentId: string;
  /** A published version with this id exists (true for the edit draft of one). */
  published?: boolean;
  ownerId: number;
  grants: { subjectType: string; subjectId: string; permission: string }[];
  access: {
    record: 'public' | 'restricted';
    files: 'public' | 'restricted';
    embargoActive: boolean;
  };
  /** The communities the record belongs to (parent.communities.ids). */
  communities?: string[];
  /** The community whose curators review the draft now (its open review's receiver). */
  reviewCommunity?: string | null;
}

/**
 * A rule of the policy: it decides for one record, and, where it can, says
 * which records it allows as a SQL condition on `parents`/`records`, so a
 * search never lists what a read would refuse (STYLE.md §2).
 */
export interface RecordGenerator {
  readonly name: string;
  allows(actor: Actor, record: RecordFacts): boolean;
  /** The records it allows; undefined: none (it never matches in a search). */
  filter(actor: Actor): SQL | undefined;
}

const everything = sql`TRUE`;

const Administrator: RecordGenerator = {
  name: 'Administrator',
  allows: (actor) => actor.identity.isAdmin,
  filter: (actor) => (actor.identity.isAdmin ? everything : undefined),
};

const SystemProcess: RecordGenerator = {
  name: 'SystemProcess',
  allows: (actor) => actor.identity.isSystem,
  filter: (actor) => (actor.identity.isSystem ? everything : undefined),
};

const AnyUser: RecordGenerator = { name: 'AnyUser', allows: () => true, filter: () => everything };

const AuthenticatedUser: RecordGenerator = {
  name: 'AuthenticatedUser',
  allows: (actor) => actor.identity.userId !== null,
  filter: (actor) => (actor.identity.userId !== null ? everything : undefined),
};

const RecordOwner: RecordGenerator = {
  name: 'RecordOwner',
  allows: (actor, record) => actor.identity.userId === record.ownerId,
  filter: (actor) =>
    actor.identity.userId === null ? undefined : sql`${parents.ownerId} = ${actor.identity.userId}`,
};

/** A grant of exactly this level to the user or to one of their groups. */
function AccessGrant(level: GrantLevel): RecordGenerator {
  const subjects = (actor: Actor) => [
    ...(actor.identity.userId === null ? [] : [['user', String(actor.identity.userId)] as const]),
    ...actor.groups.map((group) => ['role', group] as const),
  ];
  return {
    name: `AccessGrant(${level})`,
    allows: (actor, record) =>
      subjects(actor).some(([type, id]) =>
        record.grants.some(
          (g) => g.permission === level && g.subjectType === type && g.subjectId === id,
        ),
      ),
    filter: (actor) => {
      const mine = subjects(actor);
      if (mine.length === 0) return undefined;
      return sql`EXISTS (SELECT 1 FROM ${grants} WHERE ${grants.parentId} = ${parents.id}
        AND ${grants.permission} = ${level}
        AND (${grants.subjectType}, ${grants.subjectId}) IN (${sql.join(
          mine.map(([type, id]) => sql`(${type}, ${id})`),
          sql`, `,
        )}))`;
    },
  };
}

/** A valid secret link of exactly this level to the record's parent. */
function SecretLink(level: LinkLevel): RecordGenerator {
  const parentIds = (actor: Actor) =>
    actor.links.filter((link) => link.permission === level).map((link) => link.parentId);
  return {
    name: `SecretLink(${level})`,
    allows: (actor, record) => parentIds(actor).includes(record.parentId),
    filter: (actor) => {
      const ids = parentIds(actor);
      return ids.length === 0
        ? undefined
        : sql`${parents.id} IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    },
  };
}

/** Anyone, when the published record is public. */
const PublicRecord: RecordGenerator = {
  name: 'PublicRecord',
  allows: (_actor, record) => record.access.record === 'public',
  filter: () => sql`${records.accessRecord} = 'public'`,
};

/** Anyone, when the record and its files are public and not under embargo. */
const PublicFiles: RecordGenerator = {
  name: 'PublicFiles',
  allows: (_actor, record) =>
    record.access.record === 'public' &&
    record.access.files === 'public' &&
    !record.access.embargoActive,
  filter: () => undefined,
};

// Community roles (API.md §7): curators of a record's communities manage it,
// members see it; curators of the community reviewing a draft review it.
function CommunityMembers(roles: readonly CommunityRole[], name: string): RecordGenerator {
  const ids = (actor: Actor) =>
    (actor.communities ?? []).filter((m) => roles.includes(m.role)).map((m) => m.id);
  return {
    name,
    allows: (actor, record) => {
      const mine = ids(actor);
      return (record.communities ?? []).some((id) => mine.includes(id));
    },
    filter: (actor) => {
      const mine = ids(actor);
      if (mine.length === 0) return undefined;
      return sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(${parents.communities} -> 'ids', '[]'::jsonb)) AS c(id)
        WHERE c.id IN (${sql.join(
          mine.map((id) => sql`${id}`),
          sql`, `,
        )}))`;
    },
  };
}

const CommunityCurators = CommunityMembers(CURATING_ROLES, 'CommunityCurators');
const CommunityReaders = CommunityMembers(
  ['owner', 'manager', 'curator', 'reader'],
  'CommunityReaders',
);

/** Curators of the community a draft is submitted to, while the review is open. */
const SubmissionReviewer: RecordGenerator = {
  name: 'SubmissionReviewer',
  allows: (actor, record) =>
    !!record.reviewCommunity &&
    (actor.communities ?? []).some(
      (m) => m.id === record.reviewCommunity && CURATING_ROLES.includes(m.role),
    ),
  filter: (actor) => {
    const mine = (actor.communities ?? [])
      .filter((m) => CURATING_ROLES.includes(m.role))
      .map((m) => m.id);
    if (mine.length === 0) return undefined;
    return sql`EXISTS (SELECT 1 FROM ${requests} WHERE ${requests.type} = 'community-submission'
      AND ${requests.status} = 'submitted' AND ${requests.receiverType} = 'community'
      AND ${requests.topicId} IN (SELECT d.id FROM drafts d WHERE d.parent_id = ${parents.id})
      AND ${requests.receiverId} IN (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )}))`;
  },
};

/**
 * The generators' answer while nothing has been published under this id, and
 * no one's after: a published record's files and DOI are fixed (a new version
 * changes them), as in InvenioRDM.
 */
function UnlessPublished(generators: readonly RecordGenerator[]): RecordGenerator {
  return {
    name: `UnlessPublished(${generators.map((g) => g.name).join(', ')})`,
    allows: (actor, record) =>
      !record.published && generators.some((generator) => generator.allows(actor, record)),
    filter: () => undefined,
  };
}

// Levels are cumulative (API.md §7): view ⊂ preview ⊂ review ⊂ curate ⊂ manage.
const canManage = [
  RecordOwner,
  CommunityCurators,
  AccessGrant('manage'),
  Administrator,
  SystemProcess,
];
const canCurate = [...canManage, AccessGrant('edit'), SecretLink('edit')];
const canReview = [...canCurate, SubmissionReviewer];
const canPreview = [...canReview, AccessGrant('preview'), SecretLink('preview')];
const canView = [...canPreview, AccessGrant('view'), SecretLink('view'), CommunityReaders];

/** Who may do what with records and drafts. */
export const recordPolicy = {
  canCreate: [AuthenticatedUser],
  canRead: [PublicRecord, ...canView],
  canReadFiles: [PublicFiles, ...canView],
  canSearch: [AnyUser],
  canSearchUserRecords: [AuthenticatedUser],
  canReadDraft: canPreview,
  canUpdateDraft: canReview,
  canDeleteDraft: canCurate,
  canPublish: canReview,
  canEdit: canCurate,
  canNewVersion: canCurate,
  canManagePids: canReview,
  /** Discarding a DOI: a published record's DOI is registered and stays. */
  canDiscardPids: [UnlessPublished(canReview)],
  /** Adding, replacing or deleting the files of a draft. */
  canUpdateFiles: [UnlessPublished(canReview)],
  canManage: canManage,
  canView: canView,
  /** What "my uploads" lists: what I own, and what was shared with me or my groups. */
  canListAsMine: [RecordOwner, ...GRANT_LEVELS.map(AccessGrant)],
} satisfies Record<string, readonly RecordGenerator[]>;

export type RecordAction = keyof typeof recordPolicy;

export function canOnRecord(action: RecordAction, actor: Actor, record: RecordFacts): boolean {
  return recordPolicy[action].some((generator) => generator.allows(actor, record));
}

/** The SQL condition selecting exactly the records `action` allows (FALSE when none). */
export function recordFilter(action: RecordAction, actor: Actor): SQL {
  const conditions = recordPolicy[action]
    .map((generator) => generator.filter(actor))
    .filter((condition): condition is SQL => condition !== undefined);
  if (conditions.length === 0) return sql`FALSE`;
  return sql`(${sql.join(conditions, sql` OR `)})`;
}
