import { sql, type SQL } from 'drizzle-orm';
import { grants, parents, records, type drafts } from '../db/schema.ts';
import { requests } from '../db/schema.requests.ts';
import { CURATING_ROLES, type CommunityRole } from './community-roles.ts';
import {
  Administrator,
  AnyUser,
  AuthenticatedUser,
  SystemProcess,
  type Actor,
  type Generator,
  type LinkLevel,
} from './policy.ts';

export { LINK_LEVELS, type Actor, type LinkLevel } from './policy.ts';

export const GRANT_LEVELS = ['view', 'preview', 'edit', 'manage'] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];

/** What a record permission looks at (derived once, in services/records/context.ts). */
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
  /** The communities asked to include the published record (open inclusion requests). */
  inclusionCommunities?: string[];
}

/** The table a record search reads: published records (the default) or drafts. */
export type RecordTable = typeof records | typeof drafts;

/**
 * A rule of the records policy. Its SQL condition is on the searched row and
 * its own `parent_id` (no join to `parents`, which would make PostgreSQL read
 * every parent), so a search never lists what a read would refuse (STYLE.md §2).
 */
export type RecordGenerator = Generator<RecordFacts, RecordTable>;

/** The row's parent among `parentIds` (a subquery or a list). */
const parentIn = (row: RecordTable | undefined, parentIds: SQL) =>
  sql`${(row ?? records).parentId} IN (${parentIds})`;

const RecordOwner: RecordGenerator = {
  name: 'RecordOwner',
  allows: (actor, record) => actor.identity.userId === record.ownerId,
  filter: (actor, row) =>
    actor.identity.userId === null
      ? undefined
      : parentIn(
          row,
          sql`SELECT p.id FROM ${parents} p WHERE p.owner_id = ${actor.identity.userId}`,
        ),
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
    filter: (actor, row) => {
      const mine = subjects(actor);
      if (mine.length === 0) return undefined;
      // Uncorrelated: PostgreSQL reads the actor's grants once into a hash, even under OR.
      return parentIn(
        row,
        sql`SELECT ${grants.parentId} FROM ${grants}
        WHERE ${grants.permission} = ${level}
        AND (${grants.subjectType}, ${grants.subjectId}) IN (${sql.join(
          mine.map(([type, id]) => sql`(${type}, ${id})`),
          sql`, `,
        )})`,
      );
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
    filter: (actor, row) => {
      const ids = parentIds(actor);
      return ids.length === 0
        ? undefined
        : parentIn(
            row,
            sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            ),
          );
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
    filter: (actor, row) => {
      const mine = ids(actor);
      if (mine.length === 0) return undefined;
      return parentIn(
        row,
        sql`SELECT p.id FROM ${parents} p WHERE (p.communities -> 'ids') ?| ARRAY[${sql.join(
          mine.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
      );
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
  filter: (actor, row = records) => {
    const mine = (actor.communities ?? [])
      .filter((m) => CURATING_ROLES.includes(m.role))
      .map((m) => m.id);
    if (mine.length === 0) return undefined;
    return sql`EXISTS (SELECT 1 FROM ${requests} WHERE ${requests.type} = 'community-submission'
      AND ${requests.status} = 'submitted' AND ${requests.receiverType} = 'community'
      AND ${requests.topicId} IN (SELECT d.id FROM drafts d WHERE d.parent_id = ${row.parentId})
      AND ${requests.receiverId} IN (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )}))`;
  },
};

/**
 * Curators of a community asked to include the published record, while the
 * request is open: they read what they decide on (rdm-records
 * `CommunityInclusionReviewers`).
 */
const InclusionReviewer: RecordGenerator = {
  name: 'InclusionReviewer',
  allows: (actor, record) =>
    (actor.communities ?? []).some(
      (m) => CURATING_ROLES.includes(m.role) && (record.inclusionCommunities ?? []).includes(m.id),
    ),
  // On `records`: the request names one published version, and only that one is shown.
  filter: (actor) => {
    const mine = (actor.communities ?? [])
      .filter((m) => CURATING_ROLES.includes(m.role))
      .map((m) => m.id);
    if (mine.length === 0) return undefined;
    return sql`EXISTS (SELECT 1 FROM ${requests} WHERE ${requests.type} = 'community-inclusion'
      AND ${requests.status} = 'submitted' AND ${requests.receiverType} = 'community'
      AND ${requests.topicType} = 'record'
      AND ${requests.topicId} = ${records.id}
      AND ${requests.receiverId} IN (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )}))`;
  },
};

/**
 * The generators' answer while nothing has been published under this id, and
 * no one's after: a published record's files and DOI are fixed (a new version
 * changes them), as in InvenioRDM. Tells the web app what to offer; the
 * endpoints answer those who may act with why they cannot (400).
 */
function UnlessPublished(generators: readonly RecordGenerator[]): RecordGenerator {
  return {
    name: `UnlessPublished(${generators.map((g) => g.name).join(', ')})`,
    allows: (actor, record) =>
      !record.published && generators.some((generator) => generator.allows(actor, record)),
  };
}

// Levels are cumulative (API.md §7): view ⊂ preview ⊂ review ⊂ curate ⊂ manage.
/** Those who decide on the record: its owner, its communities' curators, `manage` grantees. */
const recordManagers = [RecordOwner, CommunityCurators, AccessGrant('manage')];
const canManage = [...recordManagers, Administrator, SystemProcess];
const canCurate = [...canManage, AccessGrant('edit'), SecretLink('edit')];
const canReview = [...canCurate, SubmissionReviewer];
const canPreview = [...canReview, AccessGrant('preview'), SecretLink('preview')];
const canView = [
  ...canPreview,
  AccessGrant('view'),
  SecretLink('view'),
  InclusionReviewer,
  CommunityReaders,
];
/** Who changes a draft's files: who edits its metadata (SPEC §1, §6: reviewers included). */
const canEditFiles = canReview;

/** Who may do what with records, drafts, their files, their sharing and their quota. */
export const recordPolicy = {
  // Records and drafts
  canCreate: [AuthenticatedUser],
  canRead: [PublicRecord, ...canView],
  canSearch: [AnyUser],
  canSearchUserRecords: [AuthenticatedUser],
  /** What "my uploads" lists: what I own, and what was shared with me or my groups. */
  canListAsMine: [RecordOwner, ...GRANT_LEVELS.map(AccessGrant)],
  canView: canView,
  canReadDraft: canPreview,
  canUpdateDraft: canReview,
  /** Reviewing a submission: reading and saving it, accepting or declining is the request's. */
  canReview: canReview,
  canDeleteDraft: canCurate,
  canPublish: canReview,
  canEdit: canCurate,
  canNewVersion: canCurate,
  canManage: canManage,
  // Deletion (InvenioRDM 12): the owner asks (at once within the window, else a request), admins delete.
  canRequestDeletion: [RecordOwner],
  /** Deleting at once, restoring, and deciding deletion requests. */
  canDelete: [Administrator, SystemProcess],
  // Communities of a published record (API.md §1.1, rdm-records `can_add_community`)
  /** Asking communities to include the record (or including it where the community allows). */
  canAddCommunity: canManage,
  /**
   * Taking the record out of any of its communities; each community's curators
   * may also take it out of theirs (communities policy, `canRemoveRecord`).
   */
  canRemoveCommunity: [RecordOwner, Administrator, SystemProcess],
  // PIDs
  canManagePids: canReview,
  /** Discarding a DOI: a published record's DOI is registered and stays. */
  canDiscardPids: [UnlessPublished(canReview)],
  // Files
  /** A published record's files. */
  canReadFiles: [PublicFiles, ...canView],
  /** A draft's files (its owner's uploads, before anyone else may see them). */
  canReadDraftFiles: canPreview,
  /** Announcing uploads and sending their bytes (transfer L and M). */
  canCreateFiles: canEditFiles,
  canCommitFiles: canEditFiles,
  /** A file's metadata and visibility. */
  canUpdateFileMetadata: canEditFiles,
  canDeleteFiles: canEditFiles,
  /** Bringing the previous version's files into a new version's draft. */
  canImportFiles: canEditFiles,
  /** Any of the above, while the files can change at all (not once published). */
  canUpdateFiles: [UnlessPublished(canEditFiles)],
  // Sharing: links, grants and access settings (API.md §3: `manage`, so not an `edit` grantee).
  canManageAccess: canManage,
  /** Accepting or declining access requests (Arca difference §4). */
  canDecideAccessRequests: recordManagers,
  // Quota
  canReadQuota: canPreview,
  canSetQuota: [Administrator, SystemProcess],
} satisfies Record<string, readonly RecordGenerator[]>;

export type RecordAction = keyof typeof recordPolicy;
