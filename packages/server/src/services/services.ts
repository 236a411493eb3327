import type { AccountService } from './accounts.service.ts';
import type { QuotaRequests } from './quota-requests/quota-requests.service.ts';
import type { AdministrationService } from './administration.service.ts';
import type { MonitoringService } from './monitoring.service.ts';
import type { AuditService } from './audit/audit.service.ts';
import type { DirectoryService } from './directory.service.ts';
import type { GroupService } from './groups.service.ts';
import type { HealthService } from './health.service.ts';
import type { SessionService } from './sessions.service.ts';
import type { TokenService } from './tokens.service.ts';
import type { VocabularyService } from './vocabularies.service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RecordService } from './records/records.service.ts';
import type { CompareService } from './records/compare/compare.service.ts';
import type { RecordSearch } from './records/search.service.ts';
import type { Harvest } from './harvest/harvest.service.ts';
import type { RegistrationService } from './pids/registrations.service.ts';
import type { AccessService } from './sharing/access.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxReader } from '../mail/outbox.ts';
import type { AccessSettingsService } from './sharing/access-settings.service.ts';
import type { GrantService } from './sharing/grants.service.ts';
import type { LinkService } from './sharing/links.service.ts';
import type { LinkUses } from './sharing/link-uses.service.ts';
import type { AccessExplanationService } from './sharing/access-explanation.service.ts';
import type { CommunityService } from './communities/communities.service.ts';
import type { CommunityDeletionService } from './communities/deletion.service.ts';
import type { DeletionRequests } from './records/deletion-requests.ts';
import type { ReviewService } from './communities/review.service.ts';
import type { InvitationService } from './communities/invitations.service.ts';
import type { EmailInvitationService } from './communities/email-invitations.service.ts';
import type { RecordCommunitiesService } from './communities/record-communities.service.ts';
import type { RequestService } from './requests/requests.service.ts';
import type { RequestEvents } from './requests/events.ts';
import type { FilesService } from './files/files.service.ts';
import type { FixityCheck } from './files/fixity.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { EmailVerificationService } from './email-verification.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { IdentityService } from './identities/identities.service.ts';
import type { PendingSignInService } from './identities/pending-sign-in.service.ts';
import type { OidcLoginService } from './identities/oidc-login.service.ts';
import type { SamlLoginService } from './identities/saml-login.service.ts';
import type { StatsService } from './stats/stats.service.ts';
import type { AccessRequestService } from './access-requests/access-requests.service.ts';

/** Every service of the application, as the composition root (index.ts) builds them. */
export interface Services {
  access: AccessService;
  accounts: AccountService;
  passwordResets: PasswordResetService;
  verification: EmailVerificationService;
  emailChanges: EmailChangeService;
  /** Identities at external providers linked to accounts. */
  identities: IdentityService;
  /** First sign-ins whose provider shares no address: the person gives one. */
  pendingSignIns: PendingSignInService;
  /** Sign-in through OpenID Connect providers. */
  oidc: OidcLoginService;
  /** Sign-in through the SAML identity provider, when one is configured. */
  saml: SamlLoginService | undefined;
  /** Administrators' actions on accounts, groups and the outbox, each checked. */
  administration: AdministrationService;
  /** The admin dashboard's counts and the job queue. */
  monitoring: MonitoringService;
  audit: AuditService;
  /** Finding people and groups, each search checked. */
  directory: DirectoryService;
  files: FilesService;
  fixity: FixityCheck;
  jobs: JobQueue;
  /** DOI registration at DataCite: states, failures, hiding a deleted record's DOIs. */
  dois: RegistrationService;
  records: RecordService;
  /** What changed between two versions of a record. */
  versionCompare: CompareService;
  recordSearch: RecordSearch;
  /** Published records for harvesters and sitemaps: public ones, in publication order. */
  harvest: Harvest;
  groups: GroupService;
  health: HealthService;
  sessions: SessionService;
  tokens: TokenService;
  vocabularies: VocabularyService;
  // Sharing and mail.
  links: LinkService;
  /** Spending and recording the uses of secret links (caps, one visitor, first-use mail). */
  linkUses: LinkUses;
  grants: GrantService;
  /** Who may see, preview, edit or manage a record, and which rule says so. */
  accessExplanation: AccessExplanationService;
  accessSettings: AccessSettingsService;
  mail: Mailer;
  outbox: OutboxReader;
  communities: CommunityService;
  /** Deleting communities (a tombstone) and restoring them. */
  communityDeletion: CommunityDeletionService;
  /** Invitations into communities, answered by the invitees. */
  invitations: InvitationService;
  /** Invitations mailed to addresses, claimed through their link. */
  emailInvitations: EmailInvitationService;
  requests: RequestService;
  requestEvents: RequestEvents;
  reviews: ReviewService;
  /** An owner's deletion of a record: at once within the window, else a request. */
  deletionRequests: DeletionRequests;
  /** An owner's requests for more storage, decided by administrators. */
  quotaRequests: QuotaRequests;
  /** The communities of published records: inclusion requests, removal, suggestions. */
  recordCommunities: RecordCommunitiesService;
  accessRequests: AccessRequestService;
  /** New drafts, communities and requests per user and minute (http/creation-limit.ts). */
  creations: RateLimiter;
  /** Requests to the identity providers' sign-in routes, per client address. */
  providerLogins: RateLimiter;
  /** Views and downloads, counted as COUNTER counts them. */
  stats: StatsService;
}
