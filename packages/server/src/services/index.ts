import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Services } from './services.ts';
import { createAccountService } from './accounts.service.ts';
import { createIdentityService } from './identities/identities.service.ts';
import { createPendingSignInService } from './identities/pending-sign-in.service.ts';
import { createOidcLoginService } from './identities/oidc-login.service.ts';
import { createSamlLoginService } from './identities/saml-login.service.ts';
import { createAdministrationService } from './administration.service.ts';
import { createMonitoringService } from './monitoring.service.ts';
import { AUDIT_PURGE_JOB, createAuditService } from './audit/audit.service.ts';
import { createDirectoryService } from './directory.service.ts';
import { createAccessExplanationService } from './sharing/access-explanation.service.ts';
import { createGroupService } from './groups.service.ts';
import { createHealthService } from './health.service.ts';
import { createEmailVerificationService } from './email-verification.service.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createLoginLimiter } from './login-limiter.service.ts';
import { createSessionService } from './sessions.service.ts';
import { createTokenService } from './tokens.service.ts';
import { createVocabularyService } from './vocabularies.service.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { createPidService } from './pids.service.ts';
import { dataciteJobs } from './pids/datacite.jobs.ts';
import { createRegistrationService } from './pids/registrations.service.ts';
import { EMBARGO_JOB, createRecordService } from './records/records.service.ts';
import { createRecordSearch } from './records/search.service.ts';
import { createHarvest } from './harvest/harvest.service.ts';
import { createDeletionRequests, recordDeletionType } from './records/deletion-requests.ts';
import { quotaIncreaseType } from './quota-requests/quota-increase-type.ts';
import { createQuotaRequests } from './quota-requests/quota-requests.service.ts';
import { createRecordValidator } from './records/validation.ts';
import { createAccessService } from './sharing/access.service.ts';
import { MAIL_JOB, createMailer } from '../mail/mailer.ts';
import { createOutboxReader, type MailLog } from '../mail/outbox.ts';
import { createAccessSettingsService } from './sharing/access-settings.service.ts';
import { createGrantService } from './sharing/grants.service.ts';
import { createLinkService } from './sharing/links.service.ts';
import { createLinkUses } from './sharing/link-uses.service.ts';
import {
  LINK_USES_PURGE_INTERVAL_MS,
  LINK_USES_PURGE_JOB,
  purgeLinkUses,
} from './sharing/link-uses-purge.ts';
import { createShareTargets } from './sharing/share-target.ts';
import { createCommunityService } from './communities/communities.service.ts';
import { createCommunityDeletionService } from './communities/deletion.service.ts';
import { logoKeyOwner } from './communities/logo-keys.ts';
import { communitySubmissionType } from './communities/community-submission.ts';
import { createReviewService } from './communities/review.service.ts';
import { communityInclusionType } from './communities/community-inclusion.ts';
import { communityInvitationType } from './communities/invitation-type.ts';
import { createInvitationService } from './communities/invitations.service.ts';
import { createEmailInvitationService } from './communities/email-invitations.service.ts';
import { createRecordCommunitiesService } from './communities/record-communities.service.ts';
import { createRequestEvents } from './requests/events.ts';
import { EXPIRE_REQUEST_JOB, createRequestService } from './requests/requests.service.ts';
import { createRequestTypeRegistry } from './requests/types.ts';
import { createStorage } from '../storage/index.ts';
import { createFilesService } from './files/files.service.ts';
import { createCompareService } from './records/compare/compare.service.ts';
import { FILES_SWEEP_JOB } from './files/files-sweep.ts';
import { createFixityCheck, FILES_FIXITY_JOB } from './files/fixity.ts';
import { createPartSigner } from './files/part-signatures.ts';
import { createRecordFilesComponent } from './files/record-files.component.ts';
import { createAccessRequestService } from './access-requests/access-requests.service.ts';
import { guestAccessRequestType } from './access-requests/guest-access-request.ts';
import { accessRequestMails } from './access-requests/mails.ts';
import { accessRequestTokens } from './access-requests/tokens.ts';
import { userAccessRequestType } from './access-requests/user-access-request.ts';
import { createUserLimits } from './user-limits.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { STATS_AGGREGATE_JOB, createStatsService } from './stats/stats.service.ts';
import { submissionNotifications } from './communities/submission-notifications.ts';

/** The audit log drops entries past their retention once a day. */
export const AUDIT_PURGE_INTERVAL_MS = 24 * 3600_000;

/** Wires the services together: the one place that knows who depends on whom. */
export function createServices(
  db: Database,
  config: Config,
  options: { log?: MailLog } = {},
): Services {
  const sessions = createSessionService(db, config.sessionLifetimeMs);
  const forgetUsers = (userIds: number[]) => userIds.forEach(sessions.forgetUser);
  const vocabularies = createVocabularyService(db);
  const access = createAccessService(db, config.secretKey);
  const userLimits = createUserLimits(db, config.userLimits);
  // One storage for file and logo bytes, shared by every app server.
  const storage = createStorage(config);
  const files = createFilesService({
    db,
    userLimits,
    storage,
    config: config.files,
    otherOwners: [logoKeyOwner(db)],
    signer: createPartSigner(config.secretKey),
    partRoute: (id, key, part) =>
      `${config.siteUrl}/api/records/${id}/draft/files/${encodeURIComponent(key)}/content/${part}`,
  });
  const records = createRecordService({
    db,
    access,
    vocabularies,
    doiPrefix: config.doiPrefix,
    ...(config.datacite ? { datacitePrefix: config.datacite.prefix } : {}),
    siteUrl: config.siteUrl,
    files: createRecordFilesComponent(db, files.collect),
    userLimits,
    customFields: config.depositCustomFields,
    validator: createRecordValidator({
      vocabularies,
      pids: createPidService(db, config.doiPrefix),
      rules: { graceDays: config.restrictionGraceDays, doiRequired: config.doiRequired },
      customFields: config.depositCustomFields,
    }),
  });
  const mail = createMailer({ db, config, log: options.log ?? { info: () => undefined } });
  const communities = createCommunityService({
    db,
    storage,
    dataDir: config.dataDir,
    creationOpen: config.communityCreation === 'users',
    onMembersChanged: forgetUsers,
  });
  const requestTypes = createRequestTypeRegistry();
  requestTypes.register(communitySubmissionType(() => records));
  requestTypes.register(communityInclusionType(db));
  requestTypes.register(communityInvitationType({ db, onMembersChanged: forgetUsers }));
  requestTypes.register(recordDeletionType(() => records));
  requestTypes.register(
    quotaIncreaseType({
      db,
      mailer: mail,
      siteUrl: config.siteUrl,
      defaultMaxFiles: config.files.maxFiles,
    }),
  );
  const accessRequestMail = accessRequestMails({ mailer: mail, siteUrl: config.siteUrl });
  const requestTokens = accessRequestTokens(config.secretKey);
  requestTypes.register(userAccessRequestType({ db, mails: accessRequestMail }));
  requestTypes.register(
    guestAccessRequestType({ db, access, tokens: requestTokens, mails: accessRequestMail }),
  );
  const requestEvents = createRequestEvents();
  requestEvents.subscribe(submissionNotifications({ db, mailer: mail, siteUrl: config.siteUrl }));
  const requests = createRequestService({
    db,
    types: requestTypes,
    events: requestEvents,
    expiryDays: config.requestExpiryDays,
  });
  const reviews = createReviewService({ db, records, requests, communities });
  const deletionRequests = createDeletionRequests({
    records,
    requests,
    vocabularies,
    windowDays: config.deletionWindowDays,
  });
  const quotaRequests = createQuotaRequests({
    db,
    requests,
    userLimits,
    defaultQuota: { maxFiles: config.files.maxFiles, maxBytes: config.files.maxBytes },
  });
  const recordCommunities = createRecordCommunitiesService({
    db,
    records,
    requests,
    communities,
  });
  const accessRequests = createAccessRequestService({
    db,
    records,
    requests,
    mailer: mail,
    tokens: requestTokens,
    siteUrl: config.siteUrl,
    guestLimits: config.guestRequests,
  });
  records.use(reviews.component);
  const stats = createStatsService(db, config.stats, {
    site: { name: config.siteName, url: config.siteUrl },
  });
  const fixityConfig = {
    sharePerDay: config.files.fixitySharePerDay ?? 0.05,
    intervalMs: config.files.fixityIntervalMs ?? 3600_000,
  };
  const fixity = createFixityCheck({
    db,
    storage,
    mailer: mail,
    siteUrl: config.siteUrl,
    config: fixityConfig,
  });
  const targets = createShareTargets(db);
  const audit = createAuditService({ db, targets, retentionDays: config.auditRetentionDays });
  const jobs = createJobQueue(
    db,
    {
      ...dataciteJobs(db, config, records),
      [EMBARGO_JOB]: async (job) => {
        // A due job lifts as of its date, whatever the clock of the server that runs it.
        await records.liftEmbargo(String(job.payload.recordId), job.runAt);
      },
      [MAIL_JOB]: (job) => mail.deliver(job),
      [EXPIRE_REQUEST_JOB]: async (job) => {
        await requests.expire(String(job.payload.requestId), job.runAt);
      },
      [FILES_SWEEP_JOB]: async () => {
        const counts = await files.sweep();
        if (counts.orphanRows + counts.abandonedUploads + counts.orphanBytes > 0) {
          options.log?.info({ sweep: counts }, 'files sweep');
        }
        return { runAgainAt: new Date(Date.now() + config.files.sweepIntervalMs) };
      },
      [FILES_FIXITY_JOB]: async () => {
        const counts = await fixity.run();
        if (counts.failed > 0) options.log?.info({ fixity: counts }, 'fixity check');
        return { runAgainAt: new Date(Date.now() + fixityConfig.intervalMs) };
      },
      [AUDIT_PURGE_JOB]: async () => {
        const purged = await audit.purge();
        if (purged > 0) options.log?.info({ purged }, 'audit log purge');
        return { runAgainAt: new Date(Date.now() + AUDIT_PURGE_INTERVAL_MS) };
      },
      [LINK_USES_PURGE_JOB]: async () => {
        const purged = await purgeLinkUses(db, config.linkUsesRetentionDays);
        if (purged > 0) options.log?.info({ purged }, 'secret link uses purge');
        return { runAgainAt: new Date(Date.now() + LINK_USES_PURGE_INTERVAL_MS) };
      },
      [STATS_AGGREGATE_JOB]: async () => {
        await stats.aggregate();
        return { runAgainAt: new Date(Date.now() + config.stats.aggregateMs) };
      },
    },
    config.jobsBackoff,
  );
  const verification = createEmailVerificationService({ db, config, sessions, mailer: mail });
  const limiter = createLoginLimiter(db, config.login);
  const accounts = createAccountService({
    db,
    config,
    sessions,
    mailer: mail,
    verification,
    limiter,
    onProfileChanged: (user) => vocabularies.syncUserName(user),
  });
  const identities = createIdentityService({
    db,
    localLogin: config.accounts.localLogin,
    onProfileChanged: (user) => vocabularies.syncUserName(user),
  });
  const groups = createGroupService(db, forgetUsers);
  const outbox = createOutboxReader(db);
  return {
    access,
    files,
    fixity,
    jobs,
    dois: createRegistrationService(db, config.datacite?.prefix),
    records,
    versionCompare: createCompareService({
      db,
      storage,
      records,
      textLimit: config.files.diffTextMaxBytes ?? 1024 * 1024,
    }),
    recordSearch: createRecordSearch(db, (...hits) => records.presentHits(...hits)),
    harvest: createHarvest(db, (...hits) => records.presentHits(...hits)),
    accounts,
    verification,
    emailChanges: createEmailChangeService({ db, config, sessions, mailer: mail, limiter }),
    identities,
    pendingSignIns: createPendingSignInService({
      db,
      config,
      mailer: mail,
      identities,
      rulesOf: (id) => config.accounts.oidcProviders.find((provider) => provider.id === id),
    }),
    oidc: createOidcLoginService({
      providers: config.accounts.oidcProviders,
      siteUrl: config.siteUrl,
      secretKey: config.secretKey,
      identities,
    }),
    saml:
      config.accounts.saml &&
      createSamlLoginService({
        config: config.accounts.saml,
        siteUrl: config.siteUrl,
        db,
        identities,
        log: (error) => options.log?.info({ err: error }, 'SAML IdP metadata not fetched'),
        closeSessions: (ids) => sessions.closeByIds(ids),
      }),
    passwordResets: createPasswordResetService({ db, config, sessions, mailer: mail }),
    administration: createAdministrationService({ accounts, groups, outbox, userLimits }),
    monitoring: createMonitoringService(db, userLimits),
    audit,
    providerLogins: createRateLimiter(db, {
      max: config.login.providerRequestsPerAddress,
      windowMs: config.login.windowMs,
      message: 'tooManyAttempts',
    }),
    creations: createRateLimiter(db, {
      max: config.userLimits.creationsPerMinute,
      windowMs: 60_000,
    }),
    directory: createDirectoryService({ db, accounts, groups }),
    groups,
    health: createHealthService(db),
    sessions,
    tokens: createTokenService(db),
    vocabularies,
    links: createLinkService({ db, access, targets }),
    linkUses: createLinkUses({ db, mailer: mail, siteUrl: config.siteUrl }),
    accessExplanation: createAccessExplanationService({
      db,
      targets,
      accounts,
      groups,
      communities,
      records,
      requireVerifiedEmail: config.accounts.requireVerifiedEmail,
    }),
    grants: createGrantService({
      db,
      targets,
      mailer: mail,
      groupsEnabled: config.groupsEnabled,
      requireVerifiedEmail: config.accounts.requireVerifiedEmail,
      siteUrl: config.siteUrl,
      siteName: config.siteName,
    }),
    accessSettings: createAccessSettingsService({ db, targets, records }),
    mail,
    outbox,
    communities,
    communityDeletion: createCommunityDeletionService({
      db,
      communities,
      requests,
      vocabularies,
      onMembersChanged: forgetUsers,
    }),
    invitations: createInvitationService({ db, communities, requests }),
    emailInvitations: createEmailInvitationService({
      db,
      config,
      communities,
      requests,
      mailer: mail,
    }),
    requests,
    requestEvents,
    reviews,
    deletionRequests,
    quotaRequests,
    recordCommunities,
    accessRequests,
    stats,
  };
}
