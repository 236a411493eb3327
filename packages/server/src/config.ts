import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseOidcProviders, type OidcProvider } from './auth/oidc/providers.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting, its environment variable and its default. README.md's
 * configuration table mirrors this list; keep the two together.
 */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('localhost'),
  ARCA_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ARCA_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  ARCA_SITE_URL: z.url().optional(),
  ARCA_SITE_NAME: z.string().default('Arca'),
  ARCA_SECRET_KEY: z.string().min(32).optional(),
  ARCA_SIGNUP_ENABLED: flag.default(true),
  ARCA_GROUPS_ENABLED: flag.default(true),
  ARCA_DEMO_DATA: flag.default(true),
  ARCA_SESSION_LIFETIME_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  ARCA_LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  ARCA_LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  ARCA_LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Accounts (issue 23): mailed links, verified addresses, local passwords.
  ARCA_PASSWORD_RESET_MINUTES: z.coerce.number().positive().default(60),
  ARCA_PASSWORD_RESETS_PER_HOUR: z.coerce.number().int().positive().default(3),
  ARCA_EMAIL_VERIFICATION_HOURS: z.coerce.number().positive().default(48),
  ARCA_REQUIRE_VERIFIED_EMAIL: flag.default(true),
  ARCA_LOCAL_LOGIN: flag.default(true),
  // OpenID Connect providers: a JSON array (docs/SECURITY.md, "Sign-in").
  ARCA_OIDC_PROVIDERS: z.string().optional(),
  // One SAML identity provider (docs/SECURITY.md, "Sign-in"): its SSO URL and signing certificate.
  ARCA_SAML_ENTRY_POINT: z.url().optional(),
  ARCA_SAML_IDP_CERT: z.string().optional(),
  ARCA_SAML_IDP_ISSUER: z.string().optional(),
  ARCA_SAML_NAME: z.string().default('Institution'),
  ARCA_SAML_CREATE_ACCOUNTS: flag.default(true),
  ARCA_SAML_ALLOWED_DOMAINS: z.string().default(''),
  ARCA_SAML_CLOCK_SKEW_SECONDS: z.coerce.number().min(0).default(60),
  ARCA_GUEST_REQUESTS_PER_EMAIL: z.coerce.number().int().positive().default(3),
  ARCA_GUEST_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  ARCA_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  ARCA_TRUST_PROXY: flag.default(false),
  // Slow clients (docs/SECURITY.md): seconds may be fractions; 0 switches a limit off.
  ARCA_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  ARCA_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0).default(120),
  ARCA_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(72),
  ARCA_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).default(0),
  ARCA_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().min(0).default(1024),
  ARCA_BODY_RATE_WINDOW_SECONDS: z.coerce.number().positive().default(30),
  ARCA_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  ARCA_DOI_PREFIX: z
    .string()
    .regex(/^10\.\d{4,9}$/)
    .default('10.1234'),
  ARCA_DOI_REQUIRED: flag.default(false),
  // DataCite registration of the managed DOIs; all four or none.
  ARCA_DATACITE_URL: z.url().optional(),
  ARCA_DATACITE_REPOSITORY_ID: z.string().min(1).optional(),
  ARCA_DATACITE_PASSWORD: z.string().min(1).optional(),
  ARCA_DATACITE_PREFIX: z
    .string()
    .regex(/^10\.\d{4,9}$/)
    .optional(),
  ARCA_DATACITE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  ARCA_RESTRICTION_GRACE_DAYS: z.coerce.number().min(0).default(30),
  ARCA_DELETION_WINDOW_DAYS: z.coerce.number().min(0).default(30),
  ARCA_DEPOSIT_CUSTOM_FIELDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['imprint', 'journal', 'meeting', 'thesis']))),
  ARCA_JOBS_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  // A failed job is tried again after the first delay, doubled each time up to the maximum.
  ARCA_JOBS_RETRY_FIRST_SECONDS: z.coerce.number().positive().default(60),
  ARCA_JOBS_RETRY_MAX_SECONDS: z.coerce
    .number()
    .positive()
    .default(2 * 3600),
  ARCA_WEB_DIST: z.string().optional(),
  // Mail: SMTP when a URL or a host is given, else the outbox table.
  ARCA_SMTP_URL: z.string().optional(),
  ARCA_SMTP_HOST: z.string().optional(),
  ARCA_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  ARCA_SMTP_SECURE: flag.default(false),
  ARCA_SMTP_USER: z.string().optional(),
  ARCA_SMTP_PASSWORD: z.string().optional(),
  ARCA_MAIL_FROM: z.string().optional(),
  ARCA_COMMUNITY_CREATION: z.enum(['users', 'admins']).default('users'),
  ARCA_REQUEST_EXPIRY_DAYS: z.coerce.number().min(0).default(30),
  ARCA_STORAGE: z.enum(['local', 's3']).default('local'),
  ARCA_S3_BUCKET: z.string().optional(),
  ARCA_S3_REGION: z.string().default('us-east-1'),
  ARCA_S3_ENDPOINT: z.url().optional(),
  ARCA_S3_ACCESS_KEY_ID: z.string().optional(),
  ARCA_S3_SECRET_ACCESS_KEY: z.string().optional(),
  ARCA_S3_FORCE_PATH_STYLE: flag.default(true),
  ARCA_FILES_MAX_COUNT: z.coerce.number().int().positive().default(5),
  ARCA_FILES_MAX_BYTES: z.coerce.number().int().positive().default(1e10),
  ARCA_FILES_ALLOW_EMPTY: flag.default(false),
  // Per-user limits (docs/SECURITY.md, "Quotas and creation rates"); administrators raise them per user.
  ARCA_USER_MAX_BYTES: z.coerce.number().int().positive().default(1e11),
  ARCA_USER_MAX_DRAFTS: z.coerce.number().int().positive().default(1000),
  ARCA_CREATIONS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  ARCA_UPLOAD_URL_EXPIRY_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 86400)
    .default(7 * 86400),
  ARCA_FILES_STALE_UPLOAD_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  ARCA_FILES_SWEEP_INTERVAL_HOURS: z.coerce.number().positive().default(24),
  ARCA_DIFF_TEXT_MAX_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(1024 * 1024),
  // Usage statistics (docs/statistics.md).
  ARCA_STATS: flag.default(true),
  ARCA_STATS_EVENTS_DAYS: z.coerce.number().int().min(2).default(90),
  ARCA_STATS_FLUSH_SECONDS: z.coerce.number().positive().default(2),
  ARCA_STATS_AGGREGATE_SECONDS: z.coerce.number().positive().default(300),
  // Discovery (docs/harvesting.md): OAI-PMH and robots.txt.
  ARCA_OAI_ADMIN_EMAIL: z.email().optional(),
  ARCA_OAI_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
  ARCA_SITEMAP_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(50_000),
  ARCA_ROBOTS_DISALLOW: z
    .string()
    .default('/api/,/me/,/uploads/,/login,/signup')
    .transform((value) =>
      value
        .split(',')
        .map((path) => path.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  login: { windowMs: number; maxFailuresPerAccount: number; maxFailuresPerAddress: number };
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
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** PEM certificate(s) the IdP signs assertions with. */
  idpCert: string;
  /** The IdP's entity id; when set, answers from another issuer are refused. */
  idpIssuer: string | undefined;
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
  /** Changed text files up to this many bytes each get a line diff between versions (default 1 MiB). */
  diffTextMaxBytes?: number;
}

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Twice the cores plus one, the usual sizing of a database pool: more connections
 * than the cores can serve only queue inside PostgreSQL and add switching (the
 * "Records and draft save" figures in docs/benchmarks.md use this default).
 */
function defaultPoolSize(): number {
  return 2 * os.availableParallelism() + 1;
}

/** Reads the configuration from environment variables (see README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.ARCA_DATA_DIR);
  if (e.ARCA_STORAGE === 's3' && !e.ARCA_S3_BUCKET) {
    throw new Error('Invalid configuration:\n  ARCA_S3_BUCKET: required when ARCA_STORAGE=s3');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.ARCA_DATABASE_POOL_SIZE ?? defaultPoolSize(),
    siteUrl: (e.ARCA_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    siteName: e.ARCA_SITE_NAME,
    secretKey: e.ARCA_SECRET_KEY ?? readOrCreateSecret(dataDir),
    signupEnabled: e.ARCA_SIGNUP_ENABLED && e.ARCA_LOCAL_LOGIN,
    groupsEnabled: e.ARCA_GROUPS_ENABLED,
    demoData: e.ARCA_DEMO_DATA,
    sessionLifetimeMs: e.ARCA_SESSION_LIFETIME_HOURS * 3600_000,
    login: {
      windowMs: e.ARCA_LOGIN_WINDOW_MINUTES * 60_000,
      maxFailuresPerAccount: e.ARCA_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.ARCA_LOGIN_MAX_FAILURES_PER_ADDRESS,
    },
    accounts: {
      passwordResetMs: e.ARCA_PASSWORD_RESET_MINUTES * 60_000,
      passwordResetsPerHour: e.ARCA_PASSWORD_RESETS_PER_HOUR,
      emailVerificationMs: e.ARCA_EMAIL_VERIFICATION_HOURS * 3600_000,
      requireVerifiedEmail: e.ARCA_REQUIRE_VERIFIED_EMAIL,
      localLogin: e.ARCA_LOCAL_LOGIN,
      oidcProviders: oidcProviders(e.ARCA_OIDC_PROVIDERS),
      saml: samlConfig(e),
    },
    guestRequests: {
      perEmail: e.ARCA_GUEST_REQUESTS_PER_EMAIL,
      perAddress: e.ARCA_GUEST_REQUESTS_PER_ADDRESS,
    },
    bodyLimit: e.ARCA_BODY_LIMIT_BYTES,
    clients: {
      headersTimeoutMs: e.ARCA_HEADERS_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.ARCA_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.ARCA_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.ARCA_REQUEST_TIMEOUT_SECONDS * 1000,
      bodyMinBytesPerSecond: e.ARCA_BODY_MIN_BYTES_PER_SECOND,
      bodyRateWindowMs: e.ARCA_BODY_RATE_WINDOW_SECONDS * 1000,
      // Behind a proxy every connection comes from the proxy's address: no cap unless asked.
      maxConnectionsPerAddress:
        e.ARCA_MAX_CONNECTIONS_PER_ADDRESS ?? (e.ARCA_TRUST_PROXY ? 0 : 256),
    },
    trustProxy: e.ARCA_TRUST_PROXY,
    doiPrefix: e.ARCA_DATACITE_PREFIX ?? e.ARCA_DOI_PREFIX,
    doiRequired: e.ARCA_DOI_REQUIRED,
    datacite: dataciteConfig(e),
    restrictionGraceDays: e.ARCA_RESTRICTION_GRACE_DAYS,
    deletionWindowDays: e.ARCA_DELETION_WINDOW_DAYS,
    depositCustomFields: e.ARCA_DEPOSIT_CUSTOM_FIELDS,
    jobsIntervalMs: e.ARCA_JOBS_INTERVAL_SECONDS * 1000,
    jobsBackoff: {
      firstMs: e.ARCA_JOBS_RETRY_FIRST_SECONDS * 1000,
      maxMs: Math.max(e.ARCA_JOBS_RETRY_MAX_SECONDS, e.ARCA_JOBS_RETRY_FIRST_SECONDS) * 1000,
    },
    webDist: path.resolve(e.ARCA_WEB_DIST ?? path.join(here, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    mail: {
      smtp: e.ARCA_SMTP_URL || smtpSettings(e),
      from: e.ARCA_MAIL_FROM ?? `${e.ARCA_SITE_NAME} <no-reply@${siteHost(e.ARCA_SITE_URL)}>`,
    },
    communityCreation: e.ARCA_COMMUNITY_CREATION,
    requestExpiryDays: e.ARCA_REQUEST_EXPIRY_DAYS,
    stats: {
      enabled: e.ARCA_STATS,
      eventsDays: e.ARCA_STATS_EVENTS_DAYS,
      flushMs: e.ARCA_STATS_FLUSH_SECONDS * 1000,
      aggregateMs: e.ARCA_STATS_AGGREGATE_SECONDS * 1000,
    },
    discovery: {
      oaiAdminEmail: e.ARCA_OAI_ADMIN_EMAIL ?? adminEmail(siteHost(e.ARCA_SITE_URL)),
      oaiPageSize: e.ARCA_OAI_PAGE_SIZE,
      robotsDisallow: e.ARCA_ROBOTS_DISALLOW,
      sitemapPageSize: e.ARCA_SITEMAP_PAGE_SIZE,
    },
    storage:
      e.ARCA_STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: e.ARCA_S3_BUCKET!,
              region: e.ARCA_S3_REGION,
              endpoint: e.ARCA_S3_ENDPOINT,
              accessKeyId: e.ARCA_S3_ACCESS_KEY_ID,
              secretAccessKey: e.ARCA_S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.ARCA_S3_FORCE_PATH_STYLE,
            },
          }
        : { kind: 'local' },
    files: {
      maxFiles: e.ARCA_FILES_MAX_COUNT,
      maxBytes: e.ARCA_FILES_MAX_BYTES,
      allowEmpty: e.ARCA_FILES_ALLOW_EMPTY,
      partUrlExpirySeconds: e.ARCA_UPLOAD_URL_EXPIRY_SECONDS,
      staleUploadMs: e.ARCA_FILES_STALE_UPLOAD_HOURS * 3600_000,
      sweepIntervalMs: e.ARCA_FILES_SWEEP_INTERVAL_HOURS * 3600_000,
      diffTextMaxBytes: e.ARCA_DIFF_TEXT_MAX_BYTES,
    },
    userLimits: {
      maxBytes: e.ARCA_USER_MAX_BYTES,
      maxDrafts: e.ARCA_USER_MAX_DRAFTS,
      creationsPerMinute: e.ARCA_CREATIONS_PER_MINUTE,
    },
  };
}

function samlConfig(e: z.infer<typeof environment>): SamlConfig | undefined {
  if (!e.ARCA_SAML_ENTRY_POINT) return undefined;
  const cert = e.ARCA_SAML_IDP_CERT?.trim();
  if (!cert) {
    throw new Error(
      'Invalid configuration:\n  ARCA_SAML_IDP_CERT: required with ARCA_SAML_ENTRY_POINT',
    );
  }
  return {
    entryPoint: e.ARCA_SAML_ENTRY_POINT,
    // A PEM text, or the path of a file holding it.
    idpCert: cert.includes('-----BEGIN') ? cert : readFileSync(cert, 'utf8'),
    idpIssuer: e.ARCA_SAML_IDP_ISSUER,
    name: e.ARCA_SAML_NAME,
    createAccounts: e.ARCA_SAML_CREATE_ACCOUNTS,
    allowedDomains: e.ARCA_SAML_ALLOWED_DOMAINS.split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    clockSkewMs: e.ARCA_SAML_CLOCK_SKEW_SECONDS * 1000,
  };
}

function oidcProviders(json: string | undefined): OidcProvider[] {
  try {
    return parseOidcProviders(json);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ${(error as Error).message}`, { cause: error });
  }
}

const DATACITE_SETTINGS = [
  'ARCA_DATACITE_URL',
  'ARCA_DATACITE_REPOSITORY_ID',
  'ARCA_DATACITE_PASSWORD',
  'ARCA_DATACITE_PREFIX',
] as const;

function dataciteConfig(e: z.infer<typeof environment>): DataciteConfig | undefined {
  const missing = DATACITE_SETTINGS.filter((name) => !e[name]);
  if (missing.length === DATACITE_SETTINGS.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ${missing.map((name) => `${name}: required with the other ARCA_DATACITE_ settings`).join('\n  ')}`,
    );
  }
  return {
    url: e.ARCA_DATACITE_URL!.replace(/\/+$/, ''),
    repositoryId: e.ARCA_DATACITE_REPOSITORY_ID!,
    password: e.ARCA_DATACITE_PASSWORD!,
    prefix: e.ARCA_DATACITE_PREFIX!,
    timeoutMs: e.ARCA_DATACITE_TIMEOUT_SECONDS * 1000,
  };
}

function smtpSettings(e: z.infer<typeof environment>): SmtpSettings | undefined {
  if (!e.ARCA_SMTP_HOST) return undefined;
  return {
    host: e.ARCA_SMTP_HOST,
    port: e.ARCA_SMTP_PORT,
    secure: e.ARCA_SMTP_SECURE,
    ...(e.ARCA_SMTP_USER
      ? { auth: { user: e.ARCA_SMTP_USER, pass: e.ARCA_SMTP_PASSWORD ?? '' } }
      : {}),
  };
}

/** OAI-PMH's schema wants a domain with a dot: `localhost` gets `.localdomain`. */
function adminEmail(host: string): string {
  return `admin@${host.includes('.') ? host : `${host}.localdomain`}`;
}

function siteHost(siteUrl: string | undefined): string {
  return siteUrl ? new URL(siteUrl).hostname : 'localhost';
}

/** A secret generated once and kept in the data dir, so restarts keep signatures valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
