import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseOidcProviders, type OidcProvider } from './auth/oidc/providers.ts';
import { environment, type Environment } from './config-environment.ts';
import { parseIdpMetadata } from './auth/saml-metadata.ts';
import type { Config, DataciteConfig, SamlConfig, SmtpSettings } from './config-types.ts';

export type * from './config-types.ts';

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
      providerRequestsPerAddress: e.ARCA_PROVIDER_REQUESTS_PER_ADDRESS,
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
    auditRetentionDays: e.ARCA_AUDIT_RETENTION_DAYS,
    linkUsesRetentionDays: e.ARCA_LINK_USES_RETENTION_DAYS,
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
      oaiSettleMs: e.ARCA_OAI_SETTLE_SECONDS * 1000,
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
              checksums: e.ARCA_S3_CHECKSUMS,
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
      fixitySharePerDay: e.ARCA_FIXITY_SHARE_PER_DAY,
      fixityIntervalMs: e.ARCA_FIXITY_INTERVAL_MINUTES * 60_000,
      diffTextMaxBytes: e.ARCA_DIFF_TEXT_MAX_BYTES,
    },
    userLimits: {
      maxBytes: e.ARCA_USER_MAX_BYTES,
      maxDrafts: e.ARCA_USER_MAX_DRAFTS,
      creationsPerMinute: e.ARCA_CREATIONS_PER_MINUTE,
    },
  };
}

function samlConfig(e: Environment): SamlConfig | undefined {
  const source = e.ARCA_SAML_IDP_METADATA?.trim();
  if (!e.ARCA_SAML_ENTRY_POINT && !source) return undefined;
  const invalid = (message: string) => new Error(`Invalid configuration:\n  ${message}`);
  let idpCert: string | string[] | undefined = pemOrFile(e.ARCA_SAML_IDP_CERT);
  let entryPoint = e.ARCA_SAML_ENTRY_POINT;
  let idpIssuer = e.ARCA_SAML_IDP_ISSUER;
  let logoutUrl = e.ARCA_SAML_LOGOUT_URL;
  const spKey = pemOrFile(e.ARCA_SAML_SP_KEY);
  const spCert = pemOrFile(e.ARCA_SAML_SP_CERT);
  if (Boolean(spKey) !== Boolean(spCert)) {
    throw invalid('ARCA_SAML_SP_KEY and ARCA_SAML_SP_CERT: set both or neither');
  }
  const remote = source && /^https?:\/\//.test(source) ? source : undefined;
  if (remote) {
    // The certificates come from there: plain HTTP only on this machine.
    const host = new URL(remote).hostname;
    if (remote.startsWith('http:') && !['localhost', '127.0.0.1', '[::1]'].includes(host)) {
      throw invalid('ARCA_SAML_IDP_METADATA: an https URL (the signing keys come from it)');
    }
  } else if (source) {
    // A file: read once, and a wrong one stops the start. Separate settings win over it.
    try {
      const metadata = parseIdpMetadata(readFileSync(source, 'utf8'), idpIssuer);
      entryPoint ??= metadata.ssoUrl;
      idpCert ??= metadata.certs;
      idpIssuer ??= metadata.entityId;
      logoutUrl ??= metadata.sloUrl;
    } catch (error) {
      throw invalid(`ARCA_SAML_IDP_METADATA: ${(error as Error).message}`);
    }
  } else if (!idpCert) {
    throw invalid('ARCA_SAML_IDP_CERT: required with ARCA_SAML_ENTRY_POINT');
  }
  return {
    entryPoint,
    idpCert,
    metadataUrl: remote,
    metadataRefreshMs: e.ARCA_SAML_METADATA_REFRESH_SECONDS * 1000,
    idpIssuer,
    logoutUrl,
    spSigning: spKey && spCert ? { key: spKey, cert: spCert } : undefined,
    name: e.ARCA_SAML_NAME,
    createAccounts: e.ARCA_SAML_CREATE_ACCOUNTS,
    allowedDomains: e.ARCA_SAML_ALLOWED_DOMAINS.split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    clockSkewMs: e.ARCA_SAML_CLOCK_SKEW_SECONDS * 1000,
  };
}

/** A PEM text, or the path of a file holding it. */
function pemOrFile(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return text.includes('-----BEGIN') ? text : readFileSync(text, 'utf8');
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

function dataciteConfig(e: Environment): DataciteConfig | undefined {
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

function smtpSettings(e: Environment): SmtpSettings | undefined {
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
