import type { Links } from '../../http/links.ts';
import type { CommunityView } from '../../services/communities/communities.service.ts';
import { isDeleted, tombstoneOf } from '../../services/communities/tombstone.ts';
import { isoDate } from './dates.ts';

/** A community as InvenioRDM clients read it (API.md §5.1, SPEC §3). */
export function serializeCommunity(view: CommunityView, links: Links): Record<string, unknown> {
  const { row } = view;
  const api = (path: string) => links.api(`/communities/${row.id}${path}`);
  return {
    id: row.id,
    slug: row.slug,
    created: isoDate(row.createdAt),
    updated: isoDate(row.updatedAt),
    revision_id: row.revisionId,
    metadata: {
      title: row.title,
      ...(row.description ? { description: row.description } : {}),
      ...(row.website ? { website: row.website } : {}),
      ...(row.page ? { page: row.page } : {}),
      ...(row.curationPolicy ? { curation_policy: row.curationPolicy } : {}),
      ...(row.organizations.length > 0 ? { organizations: row.organizations } : {}),
    },
    access: {
      visibility: row.visibility,
      record_submission_policy: row.submissionPolicy,
      review_policy: row.reviewPolicy,
      member_policy: row.memberPolicy,
      members_visibility: row.membersVisibility,
    },
    theme: {
      enabled: row.themeEnabled,
      ...(row.brandColor ? { style: { primaryColor: row.brandColor } } : {}),
    },
    // InvenioRDM's `deletion_status`; only the administration's list shows deleted ones.
    deletion_status: { is_deleted: isDeleted(row), status: row.deletionStatus },
    ...(isDeleted(row) ? { tombstone: tombstoneOf(row) } : {}),
    links: {
      self: api(''),
      self_html: links.html(`/communities/${row.slug}`),
      ...(row.themeEnabled ? { upload_html: links.html(`/communities/${row.slug}/upload`) } : {}),
      logo: api('/logo'),
      members: api('/members'),
      invitations: api('/invitations'),
      join: api('/join'),
    },
    ui: {
      permissions: {
        can_submit_record: view.can('canSubmitRecord'),
        can_include_directly: view.can('canIncludeDirectly'),
        can_update: view.can('canUpdate'),
        can_manage_members: view.can('canManageMembers'),
        can_read_members: view.can('canReadMembers'),
        can_leave: view.role !== null,
        /** Joining as a reader: open member policy, not yet a member. */
        can_join: view.role === null && view.can('canJoin'),
        can_curate: view.can('canCurate'),
        /** Taking a record out of this community (the record page's Communities box). */
        can_remove_record: view.can('canRemoveRecord'),
        can_delete: view.can('canDelete'),
        can_restore: view.can('canRestore'),
      },
      /** The current user's role, for the picker's role badge. */
      role: view.role,
      has_logo: row.logoType !== null,
      /** Published records in the community: public ones (search), all (the administration's list). */
      ...(view.records === undefined ? {} : { records_count: view.records }),
      ...(view.members === undefined ? {} : { members_count: view.members }),
    },
  };
}
