import type { OidcProvider } from './auth/oidc/providers.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each app server opens to PostgreSQL (not PGlite). */
  databasePoolSize: number;
  siteUrl: string;
  siteName: string;
  secretKey: string;
  signupEnabled: boolean;
  groupsEnabled: boolean;
  demoData: boolean;
  sessionLifetimeMs: number;
  login: {
    windowMs: number;
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    /** Requests to the identity providers' sign-in routes per client address and window. */
    providerRequestsPerAddress: number;
  };
  accounts: AccountsConfig;
  /** Guest access requests (each mails a verification link) per hour. */
  guestRequests: { perEmail: number; perAddress: number };
  bodyLimit: number;
  clients: ClientLimits;
  trustProxy: boolean;
  /** The managed DOIs' prefix: DataCite's when DataCite is configured. */
  doiPrefix: string;
  doiRequired: boolean;
  /** Where managed DOIs are registered; absent: they stay local. */
  datacite: DataciteConfig | undefined;
  restrictionGraceDays: number;
  /** Days after publication in which an owner deletes a record at once; later, it is a request. */
  deletionWindowDays: number;
  /** Days the audit log keeps an entry; 0 keeps them forever. */
  auditRetentionDays: number;
  /** Days a secret link's uses are listed; 0 keeps them forever. The link keeps its counts. */
  linkUsesRetentionDays: number;
  /** The optional custom field groups the deposit form shows. */
  depositCustomFields: ('imprint' | 'journal' | 'meeting' | 'thesis')[];
  jobsIntervalMs: number;
  jobsBackoff: { firstMs: number; maxMs: number };
  webDist: string;
  logLevel: string;
  storage: StorageConfig;
  files: FilesConfig;
  /** Defaults of the per-user limits, and how many drafts, communities and requests a user may create per minute. */
  userLimits: { maxBytes: number; maxDrafts: number; creationsPerMinute: number };
  mail: MailConfig;
  /** Who may create communities: every signed-in user, or administrators only. */
  communityCreation: 'users' | 'admins';
  /** Days before an open request expires; 0: never. */
  requestExpiryDays: number;
  discovery: DiscoveryConfig;
  stats: StatsConfig;
}

/** Counting views and downloads: off, nothing is recorded (the counts stay as they are). */
export interface StatsConfig {
  enabled: boolean;
  /** Days raw events are kept after they were counted. */
  eventsDays: number;
  /** How often buffered events are written. */
  flushMs: number;
  /** How often the events are counted into daily counts. */
  aggregateMs: number;
}

/** OAI-PMH and what robots.txt asks of crawlers. */
export interface DiscoveryConfig {
  /** Identify's adminEmail. */
  oaiAdminEmail: string;
  /** Records per ListRecords page (ListIdentifiers: five times as many). */
  oaiPageSize: number;
  /**
   * How long a change takes to reach harvesters: the bound on a writing
   * transaction's life (oai/provider.ts says why).
   */
  oaiSettleMs: number;
  /** Paths robots.txt asks crawlers to leave alone. */
  robotsDisallow: string[];
  /** Records per sitemap page (the protocol allows 50,000). */
  sitemapPageSize: number;
}

/** Mailed account links, and what an account may do before its address is verified. */
export interface AccountsConfig {
  passwordResetMs: number;
  /** Reset mails one address (and one client address, tenfold) may ask for per hour. */
  passwordResetsPerHour: number;
  emailVerificationMs: number;
  /** Unverified accounts may deposit drafts, but not publish or receive grants. */
  requireVerifiedEmail: boolean;
  /** Local passwords and sign-up; false leaves external identity providers only. */
  localLogin: boolean;
  /** OpenID Connect providers users may sign in with. */
  oidcProviders: OidcProvider[];
  /** The SAML identity provider, if any. */
  saml: SamlConfig | undefined;
}

export interface SamlConfig {
  /** The IdP's single sign-on URL (HTTP-Redirect binding); else the metadata's. */
  entryPoint: string | undefined;
  /** PEM certificate(s) the IdP signs assertions with; else the metadata's. */
  idpCert: string | string[] | undefined;
  /** Metadata fetched from this URL at start and again when older than `metadataRefreshMs`. */
  metadataUrl: string | undefined;
  metadataRefreshMs: number;
  /** The IdP's entity id; when set, answers from another issuer are refused. */
  idpIssuer: string | undefined;
  /** The IdP's single logout URL (HTTP-Redirect); else the metadata's; none: logout stays local. */
  logoutUrl: string | undefined;
  /** This service provider's key and certificate (PEM): its requests are signed when set. */
  spSigning: { key: string; cert: string } | undefined;
  name: string;
  createAccounts: boolean;
  allowedDomains: string[];
  clockSkewMs: number;
}

export interface DataciteConfig {
  /** The REST API's base URL (https://api.datacite.org or https://api.test.datacite.org). */
  url: string;
  repositoryId: string;
  password: string;
  prefix: string;
  timeoutMs: number;
}

/** Limits on clients that hold connections open (docs/SECURITY.md, "Slow clients"). */
export interface ClientLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (0: never). */
  idleTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** A whole request must arrive within this (0: no cap; the body rate applies). */
  requestTimeoutMs: number;
  /** A body must arrive at least this fast, measured per window (0: no minimum). */
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** Open connections per client address (0: no cap). */
  maxConnectionsPerAddress: number;
}

export interface MailConfig {
  /** Nodemailer SMTP options (a URL or host settings); absent: the outbox table. */
  smtp: string | SmtpSettings | undefined;
  from: string;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      s3: {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
        /** Multipart parts sent with their SHA-256, which S3 checks (off for stores without). */
        checksums: boolean;
      };
    };

export interface FilesConfig {
  /** The default per-record quota (SPEC §9); administrators can set another per record. */
  maxFiles: number;
  maxBytes: number;
  allowEmpty: boolean;
  /** How long a multipart part URL stays valid. */
  partUrlExpirySeconds: number;
  /** An upload that received no bytes for this long is abandoned (its file marked failed). */
  staleUploadMs: number;
  /** How often the sweep of abandoned uploads and orphaned bytes runs. */
  sweepIntervalMs: number;
  /** The share of all stored bytes the fixity check reads back per day (default 0.05). */
  fixitySharePerDay?: number;
  /** How often the fixity check reads its slice (default hourly). */
  fixityIntervalMs?: number;
  /** Changed text files up to this many bytes each get a line diff between versions (default 1 MiB). */
  diffTextMaxBytes?: number;
}
