import { sql, type SQL } from 'drizzle-orm';
import { grants, parents, records, type drafts } from '../db/schema.ts';
import { requests } from '../db/schema.requests.ts';
import { CURATING_ROLES, type CommunityRole } from './community-roles.ts';
import {
  Administrator,
  AnyUser,
  AuthenticatedUser,
  SystemProcess,
  VerifiedOnly,
  matchesOf,
  type Actor,
  type FilterFamily,
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
    /** The day an active embargo lifts, when it names one. */
    embargoUntil?: string | null;
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

/** The actor's own subjects a grant may name: the user and their groups. */
const grantSubjects = (actor: Actor) => [
  ...(actor.identity.userId === null ? [] : [['user', String(actor.identity.userId)] as const]),
  ...actor.groups.map((group) => ['role', group] as const),
];

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Grants of any of the levels in an action's list, in one condition (keys: the levels). */
const grantFamily: FilterFamily<RecordTable> = {
  name: 'AccessGrant',
  filter: (actor, levels, row = records) => {
    const mine = grantSubjects(actor);
    if (mine.length === 0) return undefined;
    // Looked up per row on grants_subject_key, and only for rows the conditions before it
    // leave (public ones are not): a page of ten reads a few grants, where an IN subquery
    // had PostgreSQL hash all of the actor's grants (30,000 in the benchmark) first.
    // A scalar subquery with LIMIT is never hashed; COALESCE keeps NOT(...) exact.
    return sql`COALESCE((SELECT true FROM ${grants}
        WHERE ${grants.parentId} = ${row.parentId}
        AND ${grants.permission} IN (${sqlList(levels)})
        AND (${grants.subjectType}, ${grants.subjectId}) IN (${sql.join(
          mine.map(([type, id]) => sql`(${type}, ${id})`),
          sql`, `,
        )}) LIMIT 1), false)`;
  },
};

/** A grant of exactly this level to the user or to one of their groups. */
function AccessGrant(level: GrantLevel): RecordGenerator {
  return {
    name: `AccessGrant(${level})`,
    allows: (actor, record) =>
      grantSubjects(actor).some(([type, id]) =>
        record.grants.some(
          (g) => g.permission === level && g.subjectType === type && g.subjectId === id,
        ),
      ),
    family: { of: grantFamily, keys: [level] },
    explain: (actor, record) =>
      grantSubjects(actor)
        .filter(([type, id]) =>
          record.grants.some(
            (g) => g.permission === level && g.subjectType === type && g.subjectId === id,
          ),
        )
        .map(([type, id]) => ({
          rule: `AccessGrant(${level})`,
          detail: { subject_type: type === 'role' ? 'group' : 'user', subject_id: id },
        })),
  };
}

/** The parents of the actor's valid links of any of the levels (keys: the levels). */
const linkFamily: FilterFamily<RecordTable> = {
  name: 'SecretLink',
  filter: (actor, levels, row) => {
    const ids = actor.links
      .filter((link) => levels.includes(link.permission))
      .map((link) => link.parentId);
    return ids.length === 0 ? undefined : parentIn(row, sqlList([...new Set(ids)]));
  },
};

/** A valid secret link of exactly this level to the record's parent. */
function SecretLink(level: LinkLevel): RecordGenerator {
  return {
    name: `SecretLink(${level})`,
    allows: (actor, record) =>
      actor.links.some((link) => link.permission === level && link.parentId === record.parentId),
    family: { of: linkFamily, keys: [level] },
    explain: (actor, record) =>
      actor.links
        .filter((link) => link.permission === level && link.parentId === record.parentId)
        .map((link) => ({ rule: `SecretLink(${level})`, detail: { link_id: link.id } })),
  };
}

/** Anyone, when the published record is public. */
const PublicRecord: RecordGenerator = {
  name: 'PublicRecord',
  allows: (_actor, record) => record.access.record === 'public',
  filter: () => sql`${records.accessRecord} = 'public'`,
  refuses: (_actor, record) =>
    record.access.record === 'public'
      ? undefined
      : { rule: 'PublicRecord', detail: { reason: 'restricted', ...embargoOf(record) } },
};

/** The embargo's end, for a refusal that names it. */
const embargoOf = (record: RecordFacts): Record<string, string> =>
  record.access.embargoActive
    ? {
        embargo: 'active',
        ...(record.access.embargoUntil ? { until: record.access.embargoUntil } : {}),
      }
    : {};

/** Anyone, when the record and its files are public and not under embargo. */
const PublicFiles: RecordGenerator = {
  name: 'PublicFiles',
  allows: (_actor, record) =>
    record.access.record === 'public' &&
    record.access.files === 'public' &&
    !record.access.embargoActive,
  refuses: (_actor, record) => {
    if (record.access.record !== 'public') return undefined;
    const reason = record.access.files === 'public' ? 'embargo' : 'restricted';
    return { rule: 'PublicFiles', detail: { reason, ...embargoOf(record) } };
  },
};

/** The records of the communities where the actor has any of the roles (keys: the roles). */
const communityFamily: FilterFamily<RecordTable> = {
  name: 'CommunityMembers',
  filter: (actor, roles, row) => {
    const mine = (actor.communities ?? []).filter((m) => roles.includes(m.role)).map((m) => m.id);
    if (mine.length === 0) return undefined;
    return parentIn(
      row,
      sql`SELECT p.id FROM ${parents} p WHERE (p.communities -> 'ids') ?| ARRAY[${sqlList([
        ...new Set(mine),
      ])}]::text[]`,
    );
  },
};

// Community roles (API.md §7): curators of a record's communities manage it,
// members see it; curators of the community reviewing a draft review it.
function CommunityMembers(roles: readonly CommunityRole[], name: string): RecordGenerator {
  return {
    name,
    allows: (actor, record) => {
      const mine = (actor.communities ?? []).filter((m) => roles.includes(m.role));
      return (record.communities ?? []).some((id) => mine.some((m) => m.id === id));
    },
    family: { of: communityFamily, keys: roles },
    explain: (actor, record) =>
      (actor.communities ?? [])
        .filter((m) => roles.includes(m.role) && (record.communities ?? []).includes(m.id))
        .map((m) => ({ rule: name, detail: { community_id: m.id, role: m.role } })),
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
  explain: (actor, record) =>
    (actor.communities ?? [])
      .filter((m) => m.id === record.reviewCommunity && CURATING_ROLES.includes(m.role))
      .map((m) => ({ rule: 'SubmissionReviewer', detail: { community_id: m.id, role: m.role } })),
  filter: (actor, row = records) => {
    const mine = (actor.communities ?? [])
      .filter((m) => CURATING_ROLES.includes(m.role))
      .map((m) => m.id);
    if (mine.length === 0) return undefined;
    return sql`EXISTS (SELECT 1 FROM ${requests} WHERE ${requests.type} = 'community-submission'
      AND ${requests.status} = 'submitted' AND ${requests.receiverType} = 'community'
      AND ${requests.topicId} IN (SELECT d.id FROM drafts d WHERE d.parent_id = ${row.parentId})
      AND ${requests.receiverId} IN (${sqlList(mine)}))`;
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
  explain: (actor, record) =>
    (actor.communities ?? [])
      .filter(
        (m) =>
          CURATING_ROLES.includes(m.role) && (record.inclusionCommunities ?? []).includes(m.id),
      )
      .map((m) => ({ rule: 'InclusionReviewer', detail: { community_id: m.id, role: m.role } })),
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
      AND ${requests.receiverId} IN (${sqlList(mine)}))`;
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
    explain: (actor, record) =>
      record.published
        ? []
        : generators.flatMap((generator) => matchesOf(generator, actor, record)),
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
  /** Publishing needs a confirmed address where the site requires one. */
  canPublish: [VerifiedOnly(canReview)],
  canEdit: canCurate,
  canNewVersion: canCurate,
  canManage: canManage,
  // Deletion (InvenioRDM 12): the owner asks (at once within the window, else a request), admins delete.
  canRequestDeletion: [RecordOwner],
  /** Deleting at once, restoring, and deciding deletion requests. */
  canDelete: [Administrator, SystemProcess],
  /** Finding deleted records in search (`include_deleted`; InvenioRDM's `read_deleted`). */
  canReadDeleted: [Administrator, SystemProcess],
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
  // Usage statistics: the counts go with the record; their export is its managers'.
  canReadStats: [PublicRecord, ...canView],
  canExportStats: canManage,
  // Quota
  // Owners read their record's quota from its files listing; this route is the administrators'.
  canReadQuota: [Administrator, SystemProcess],
  canSetQuota: [Administrator, SystemProcess],
  /** Asking the administrators for more storage (a `quota-increase` request). */
  canRequestQuotaIncrease: [RecordOwner],
} satisfies Record<string, readonly RecordGenerator[]>;

export type RecordAction = keyof typeof recordPolicy;
