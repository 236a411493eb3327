// The record and draft JSON of the API (API.md §1.3). Loose where the API is.
import type { Visibility } from '../accounts.ts';
import type { FieldError } from '../errors.ts';
import type { AccessStatus } from './access-status.ts';

/** The seven statuses of SPEC §4; any other is a server error. */
export const RECORD_STATUSES = [
  'draft',
  'new_version_draft',
  'draft_with_review',
  'in_review',
  'declined',
  'expired',
  'published',
] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** A text per language, keyed by locale: `{en: "…"}`. */
export type LocalizedText = Record<string, string>;

/** A vocabulary entry: written as `{id}`, read back with its title and more. */
export interface VocabularyRef {
  id: string;
  title?: LocalizedText;
  props?: Record<string, string>;
}

export interface SchemeIdentifier {
  scheme: string;
  identifier: string;
}

export interface PersonOrOrg {
  type: 'personal' | 'organizational';
  name?: string;
  given_name?: string;
  family_name?: string;
  identifiers?: SchemeIdentifier[];
}

export interface Affiliation {
  id?: string;
  name?: string;
}

/** A creator or contributor. */
export interface Creatibutor {
  person_or_org: PersonOrOrg;
  role?: VocabularyRef | null;
  affiliations?: Affiliation[];
}

export interface AdditionalTitle {
  title: string;
  type: VocabularyRef;
  lang?: VocabularyRef;
}

export interface AdditionalDescription {
  description: string;
  type: VocabularyRef;
  lang?: VocabularyRef;
}

export interface DateEntry {
  /** YYYY, YYYY-MM, YYYY-MM-DD or an interval of two. */
  date: string;
  type: VocabularyRef;
  description?: string;
}

export interface RelatedIdentifier extends SchemeIdentifier {
  relation_type: VocabularyRef;
  resource_type?: VocabularyRef;
}

export interface Reference {
  reference: string;
  scheme?: string;
  identifier?: string;
}

/** A vocabulary subject (`id`) or a free keyword (`subject`). */
export interface Subject {
  id?: string;
  subject?: string;
  scheme?: string;
  /** A vocabulary subject's name in every language it has (read-only, from the vocabulary). */
  title?: LocalizedText;
}

export interface Funding {
  funder: { id?: string; name?: string };
  award?: {
    id?: string;
    number?: string;
    title?: LocalizedText;
    acronym?: string;
    identifiers?: SchemeIdentifier[];
  };
}

/** A standard licence `{id}` (read back with title etc.) or a custom one without id. */
export interface Rights {
  id?: string;
  title?: LocalizedText;
  description?: LocalizedText;
  link?: string;
  icon?: string;
  props?: { url?: string; scheme?: string };
}

export interface RecordMetadata {
  resource_type: VocabularyRef;
  title: string;
  /** EDTF level 0: a date or an interval. */
  publication_date: string;
  creators: Creatibutor[];
  additional_titles?: AdditionalTitle[];
  description?: string;
  additional_descriptions?: AdditionalDescription[];
  contributors?: Creatibutor[];
  dates?: DateEntry[];
  languages?: VocabularyRef[];
  identifiers?: SchemeIdentifier[];
  related_identifiers?: RelatedIdentifier[];
  references?: Reference[];
  subjects?: Subject[];
  funding?: Funding[];
  rights?: Rights[];
  publisher?: string;
  version?: string;
  sizes?: string[];
  formats?: string[];
  locations?: unknown;
}

export interface Embargo {
  active: boolean;
  /** YYYY-MM-DD */
  until: string | null;
  reason: string | null;
}

export interface RecordAccess {
  record: Visibility;
  files: Visibility;
  embargo: Embargo;
  /** Computed by the server (`computeAccessStatus`). */
  status?: AccessStatus;
}

export interface RecordFileEntry {
  id: string;
  key: string;
  ext?: string | null;
  size: number;
  mimetype: string;
  checksum: string;
  /** Beyond InvenioRDM: `md5:…` and `sha256:…`. */
  checksums?: string[];
  /** The uploader's SHA-256 agreed with the server's. */
  verified?: boolean;
  storage_class: string;
  metadata: Record<string, unknown>;
  access: { hidden: boolean };
  links: { self: string; content?: string; commit?: string; parts?: unknown[] };
  [other: string]: unknown;
}

export interface RecordFiles {
  enabled: boolean;
  default_preview?: string | null;
  order?: string[];
  count?: number;
  total_bytes?: number;
  entries?: Record<string, RecordFileEntry>;
}

/** A persistent identifier: `provider` is `external`, `datacite`, `managed`… */
export interface Pid {
  identifier: string;
  provider: string;
  client?: string;
}

export type RecordPids = Partial<Record<string, Pid>> & { doi?: Pid; oai?: Pid };

export interface RecordVersions {
  index: number;
  is_latest: boolean;
  /** Only for those who may edit. */
  is_latest_draft?: boolean;
}

export interface ReviewRef {
  id: string;
  type: string;
  status: string;
  receiver: { community: string };
  topic: { record: string };
  created_by: { user: string };
  is_open: boolean;
  is_closed: boolean;
}

export interface ParentAccess {
  owned_by: { user: string } | null;
  /** Only for those who may manage. */
  grants?: { subject: { type: string; id: string }; permission: string; origin?: string | null }[];
  links?: {
    id: string;
    created_at: string;
    expires_at: string | null;
    permission: string;
    description: string;
    origin: string | null;
    token: string;
  }[];
  settings?: {
    allow_user_requests: boolean;
    allow_guest_requests: boolean;
    accept_conditions_text: string | null;
    secret_link_expiration: number | string;
  };
}

export interface RecordParent {
  id: string;
  access: ParentAccess;
  communities: { ids?: string[]; default?: string; entries?: unknown[] };
  pids: RecordPids;
  review?: ReviewRef | null;
}

/** The keys of `links` (API.md §1.4); each is present only when it applies. */
export type RecordLinkKey =
  | 'self'
  | 'self_html'
  | 'preview_html'
  | 'doi'
  | 'self_doi'
  | 'self_doi_html'
  | 'reserve_doi'
  | 'parent'
  | 'parent_html'
  | 'parent_doi'
  | 'parent_doi_html'
  | 'self_iiif_manifest'
  | 'self_iiif_sequence'
  | 'files'
  | 'media_files'
  | 'archive'
  | 'archive_media'
  | 'latest'
  | 'latest_html'
  | 'versions'
  | 'draft'
  | 'record'
  | 'record_html'
  | 'publish'
  | 'review'
  | 'submit-review'
  | 'access_links'
  | 'access_grants'
  | 'access_users'
  | 'access_groups'
  | 'access_request'
  | 'access'
  | 'communities'
  | 'communities-suggestions'
  | 'request_deletion'
  | 'file_modification'
  | 'quota_increase'
  | 'requests';

export type RecordLinks = Partial<Record<RecordLinkKey, string>> & {
  thumbnails?: Record<string, string>;
  /** Drafts under review: `actions.cancel` (SPEC §3). */
  actions?: Record<string, string>;
};

/**
 * A draft's DOI rule (`ui.pids.doi`): whether publishing needs a DOI, and the
 * providers it accepts (`not_needed`: no DOI at all), as the server checks them.
 */
export interface DoiRuleJson {
  required: boolean;
  allowed_providers: ('managed' | 'external' | 'not_needed')[];
}

/** Views and downloads of one version or of all versions, counted as COUNTER counts them. */
export interface UsageCounts {
  views: number;
  unique_views: number;
  downloads: number;
  unique_downloads: number;
  /** Bytes of the files downloaded. */
  data_volume: number;
}

export interface RecordStatsJson {
  this_version: UsageCounts;
  all_versions: UsageCounts;
}

/** A record or draft as the API returns it. */
export interface RecordJson {
  id: string;
  created: string;
  updated: string;
  revision_id: number;
  is_draft: boolean;
  is_published: boolean;
  status: RecordStatus;
  expires_at?: string;
  versions: RecordVersions;
  pids: RecordPids;
  metadata: Partial<RecordMetadata>;
  custom_fields: RecordDocument['custom_fields'];
  access: RecordAccess;
  files: RecordFiles;
  media_files?: { enabled: boolean; [other: string]: unknown };
  parent: RecordParent;
  /** A new-version draft's own review (API.md §1.3). */
  review?: ReviewRef | null;
  links: RecordLinks;
  /** Validation feedback on drafts, when there is any. */
  errors?: FieldError[];
  expanded?: Record<string, unknown>;
  ui?: Record<string, unknown>;
  deletion_status?: { is_deleted: boolean; status: string };
  /** Usage statistics of a published record (InvenioRDM's shape). */
  stats?: RecordStatsJson;
  tombstone?: Record<string, unknown>;
}

/** What a client sends to create or save a draft: any subset, checked by `validateRecord`. */
export interface RecordInput {
  metadata?: Partial<RecordMetadata>;
  access?: Partial<RecordAccess>;
  files?: Partial<RecordFiles>;
  pids?: RecordPids;
  custom_fields?: RecordDocument['custom_fields'];
}

/**
 * A draft or record as the server stores it (the `document` column of drafts and
 * records): the part its versions do not share. It is what the client sent
 * (`RecordInput`), kept even when invalid (validation reports it), with empty
 * values and unknown keys (record-shape.ts) dropped and defaults filled in;
 * `RecordJson` is made from it.
 */
export interface RecordDocument {
  metadata: Record<string, unknown>;
  custom_fields: Record<string, unknown>;
  access: {
    record: unknown;
    files: unknown;
    embargo: { active: unknown; until?: unknown; reason?: unknown };
  };
  files: { enabled: unknown; default_preview?: unknown };
  pids: Record<string, Pid>;
}
