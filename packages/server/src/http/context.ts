import type { Config } from '../config.ts';
import type { RecordCache } from './record-cache.ts';
import type { Database } from '../db/client.ts';
import type { Translate } from '../i18n.ts';
import type { Identity } from '../permissions/policy.ts';
import type { AccountService } from '../services/accounts.service.ts';
import type { GroupService } from '../services/groups.service.ts';
import type { HealthService } from '../services/health.service.ts';
import type { SessionService } from '../services/sessions.service.ts';
import type { TokenService } from '../services/tokens.service.ts';
import type { VocabularyService } from '../services/vocabularies.service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { RecordService } from '../services/records/records.service.ts';
import type { RecordSearch } from '../services/records/search.service.ts';
import type { AccessService } from '../services/sharing/access.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxReader } from '../mail/outbox.ts';
import type { AccessSettingsService } from '../services/sharing/access-settings.service.ts';
import type { GrantService } from '../services/sharing/grants.service.ts';
import type { LinkService } from '../services/sharing/links.service.ts';
import type { CommunityService } from '../services/communities/communities.service.ts';
import type { ReviewService } from '../services/communities/review.service.ts';
import type { RequestService } from '../services/requests/requests.service.ts';
import type { RequestEvents } from '../services/requests/events.ts';
import type { FilesService } from '../services/files/files.service.ts';
import type { AccessRequestService } from '../services/access-requests/access-requests.service.ts';

export interface Services {
  access: AccessService;
  accounts: AccountService;
  files: FilesService;
  jobs: JobQueue;
  records: RecordService;
  recordSearch: RecordSearch;
  groups: GroupService;
  health: HealthService;
  sessions: SessionService;
  tokens: TokenService;
  vocabularies: VocabularyService;
  // Sharing and mail.
  links: LinkService;
  grants: GrantService;
  accessSettings: AccessSettingsService;
  mail: Mailer;
  outbox: OutboxReader;
  communities: CommunityService;
  requests: RequestService;
  requestEvents: RequestEvents;
  reviews: ReviewService;
  accessRequests: AccessRequestService;
}

/** What every route module is given: configuration and services, never the database. */
export interface AppContext {
  config: Config;
  services: Services;
  /** Serialised anonymous record reads, dropped when the database announces a change. */
  recordCache: RecordCache;
}

/** Internal: the composition root also hands the database to lifecycle code. */
export interface AppRuntime extends AppContext {
  db: Database;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
    /** How the caller authenticated; cookie-authenticated writes need the CSRF header. */
    authMethod: 'session' | 'token' | null;
    /** Texts in the caller's language. */
    t: Translate;
    /** The catalogue language of `t`. */
    language: string;
    /**
     * Every language the caller accepts, most wanted first, each followed by
     * the tags standing for it (zh-TW → zh-Hant): vocabulary titles use them.
     */
    languages: string[];
  }
}
