import type { FieldError } from '@arca/schema';
import type { Links } from '../../http/links.ts';
import type { Translate } from '../../i18n.ts';
import { abilitiesOf, type Abilities } from '../../permissions/abilities.ts';
import { accessStatus, effectiveAccess } from '../../services/records/document.ts';
import type { RecordView } from '../../services/records/records.service.ts';
import { translateMessage } from '../../http/error-handler.ts';
import { isoDate } from './dates.ts';
import { accessSettingsOf } from '../../services/sharing/access-settings.service.ts';
import { serializeLink } from './sharing.serializer.ts';
import type { RecordStatus } from '@arca/schema';
import { expandCommunity, reviewStatus, serializeReviewSummary } from './review.serializer.ts';
import { serializeUser } from './user.serializer.ts';
import { serializeRecordFiles } from './file.serializer.ts';
import { localisedMetadata, longDate, metadataInLanguages } from './record-l10n.ts';

export interface RecordSerializerContext {
  links: Links;
  groupsEnabled: boolean;
  /** The UI form (`application/vnd.inveniordm.v1+json`): adds the `ui` block. */
  ui: boolean;
  t: Translate;
  /** The catalogue language of `t` (dates are written in it). */
  language: string;
  /** The caller's languages, for vocabulary titles (`request.languages`). */
  languages: readonly string[];
}

export function status(view: RecordView): RecordStatus {
  if (view.isPublished) return 'published';
  if (view.versions.index > 1) return 'new_version_draft';
  return reviewStatus(view.review);
}

/** `submit-review` once a review exists; `actions.cancel` while it is open (SPEC §3, §7). */
function reviewLinks(
  view: RecordView,
  abilities: Abilities,
  links: RecordSerializerContext['links'],
) {
  const review = view.review;
  if (!review) return {};
  return {
    'submit-review': links.api(`/records/${view.row.id}/draft/actions/submit-review`),
    ...(review.status === 'submitted' && abilities.can_manage
      ? { actions: { cancel: links.api(`/requests/${review.id}/actions/cancel`) } }
      : {}),
  };
}

function recordLinks(
  view: RecordView,
  abilities: Abilities,
  { links, groupsEnabled }: RecordSerializerContext,
) {
  const id = view.row.id;
  const api = (path: string) => links.api(`/records/${id}${path}`);
  const sharing = {
    access_links: api('/access/links'),
    access_grants: api('/access/grants'),
    access_users: api('/access/users'),
    ...(groupsEnabled ? { access_groups: api('/access/groups') } : {}),
    access_request: api('/access/request'),
    access: api('/access'),
    communities: api('/communities'),
    'communities-suggestions': api('/communities-suggestions'),
    requests: api('/requests'),
    versions: api('/versions'),
    reserve_doi: api('/draft/pids/doi'),
    preview_html: links.html(`/records/${id}?preview=1`),
  };
  if (view.kind === 'draft') {
    return {
      self: api('/draft'),
      self_html: links.html(`/uploads/${id}`),
      files: api('/draft/files'),
      media_files: api('/draft/media-files'),
      archive: api('/draft/files-archive'),
      record: api(''),
      record_html: links.html(`/records/${id}`),
      publish: api('/draft/actions/publish'),
      review: api('/draft/review'),
      // InvenioRDM's name; for the owner, who asks the administrators for more storage.
      ...(abilities.can_request_quota_increase
        ? { quota_increase: api('/draft/quota-increase') }
        : {}),
      ...reviewLinks(view, abilities, links),
      ...sharing,
    };
  }
  const doi = view.document.pids.doi?.identifier;
  const parentDoi = (view.parent.pids.doi as { identifier?: string } | undefined)?.identifier;
  return {
    self: api(''),
    self_html: links.html(`/records/${id}`),
    ...(doi
      ? {
          doi: `https://doi.org/${doi}`,
          self_doi: `https://doi.org/${doi}`,
          self_doi_html: links.html(`/doi/${doi}`),
        }
      : {}),
    parent: links.api(`/records/${view.parent.id}`),
    parent_html: links.html(`/records/${view.parent.id}`),
    ...(parentDoi
      ? {
          parent_doi: `https://doi.org/${parentDoi}`,
          parent_doi_html: links.html(`/doi/${parentDoi}`),
        }
      : {}),
    files: api('/files'),
    media_files: api('/media-files'),
    archive: api('/files-archive'),
    latest: api('/versions/latest'),
    latest_html: links.html(`/records/${id}/latest`),
    draft: api('/draft'),
    ...sharing,
  };
}

export function translateErrors(t: Translate, errors: FieldError[]): FieldError[] {
  return errors.map((error) => ({
    ...error,
    messages: error.messages.map((m) => translateMessage(t, m)),
  }));
}

/** A draft or record as InvenioRDM clients read it (API.md §1.3). */
export function serializeRecord(
  view: RecordView,
  context: RecordSerializerContext,
): Record<string, unknown> {
  const { document, parent, actor } = view;
  const abilities = abilitiesOf(actor, view.facts);
  const access = effectiveAccess(document);
  const embargo = document.access.embargo;

  const files: Record<string, unknown> = { enabled: document.files.enabled };
  if (view.kind === 'draft' ? abilities.can_read_draft_files : abilities.can_read_files) {
    Object.assign(files, {
      order: [],
      ...serializeRecordFiles(view.row.id, view.kind, view.files, context.links),
    });
    if (document.files.default_preview) files.default_preview = document.files.default_preview;
  }

  const parentAccess: Record<string, unknown> = {
    owned_by: { user: String(parent.ownerId) },
    settings: accessSettingsOf(parent.settings),
  };
  if (view.sharing) {
    parentAccess.grants = view.sharing.grants.map((grant) => ({
      id: grant.id,
      subject: { type: grant.subjectType, id: grant.subjectId },
      permission: grant.permission,
      origin: grant.origin,
    }));
    parentAccess.links = view.sharing.links.map(serializeLink);
  }

  const body: Record<string, unknown> = {
    id: view.row.id,
    created: isoDate(view.row.createdAt),
    updated: isoDate(view.row.updatedAt),
    revision_id: view.row.revisionId,
    is_draft: view.kind === 'draft',
    is_published: view.isPublished,
    status: status(view),
    versions: {
      index: view.versions.index,
      is_latest: view.versions.isLatest,
      ...(abilities.can_edit ? { is_latest_draft: view.versions.isLatestDraft } : {}),
    },
    pids: document.pids,
    metadata: metadataInLanguages(view.metadata, context.languages),
    custom_fields: document.custom_fields,
    access: {
      record: document.access.record,
      files: document.access.files,
      embargo: {
        active: embargo.active === true,
        until: embargo.until ?? null,
        reason: embargo.reason ?? null,
      },
      status: accessStatus(access),
    },
    files,
    media_files: { enabled: false },
    parent: {
      id: parent.id,
      access: parentAccess,
      communities: {
        ...parent.communities,
        ...(view.communities?.length
          ? { entries: view.communities.map((row) => expandCommunity(row, actor, context.links)) }
          : {}),
      },
      pids: parent.pids,
      ...(view.review && view.kind === 'draft'
        ? { review: serializeReviewSummary(view.review, context.links) }
        : {}),
    },
    links: recordLinks(view, abilities, context),
  };
  if (view.kind === 'record') {
    const status = (view.row as { deletionStatus?: string }).deletionStatus ?? 'P';
    body.deletion_status = { is_deleted: status === 'D', status };
    // Only administrators' searches (`include_deleted`) present a deleted record.
    const tombstone = (view.row as { tombstone?: unknown }).tombstone;
    if (status === 'D' && tombstone) body.tombstone = tombstone;
  }
  if (view.errors.length > 0) body.errors = translateErrors(context.t, view.errors);
  if (view.owner) {
    body.expanded = {
      parent: {
        access: {
          owned_by: serializeUser(
            view.owner,
            actor.identity,
            context.links,
            view.ownerShown === true,
          ),
        },
        ...(view.reviewReceiver
          ? { review: { receiver: expandCommunity(view.reviewReceiver, actor, context.links) } }
          : {}),
      },
    };
  }
  if (context.ui) {
    body.ui = {
      permissions: abilities,
      access_status: { id: accessStatus(access) },
      ...localisedMetadata(view.metadata, context.languages),
      created_date_l10n_long: longDate(view.row.createdAt, context.language),
      updated_date_l10n_long: longDate(view.row.updatedAt, context.language),
      is_draft: view.kind === 'draft',
      // When it was first published: an owner's deletion is immediate within the window after.
      ...('publishedAt' in view.row ? { published_at: view.row.publishedAt.toISOString() } : {}),
      ...(view.doiRule
        ? {
            pids: {
              doi: {
                required: view.doiRule.required,
                allowed_providers: view.doiRule.allowedProviders,
              },
            },
          }
        : {}),
    };
  }
  return body;
}
