import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting, its environment variable and its default. README.md's
 * configuration table mirrors this list; keep the two together.
 */
export const environment = z.object({
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
  ARCA_PROVIDER_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
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
  ARCA_SAML_LOGOUT_URL: z.url().optional(),
  ARCA_SAML_SP_KEY: z.string().optional(),
  ARCA_SAML_SP_CERT: z.string().optional(),
  // The IdP's metadata: a file read at start, or a URL fetched at start and refreshed.
  ARCA_SAML_IDP_METADATA: z.string().optional(),
  ARCA_SAML_METADATA_REFRESH_SECONDS: z.coerce.number().min(1).default(3600),
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
  // The audit log keeps entries this many days; 0 keeps them forever.
  ARCA_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).default(730),
  // Secret-link uses (with their visitor hashes) are kept this many days; 0 keeps them forever.
  ARCA_LINK_USES_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
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
  ARCA_S3_CHECKSUMS: flag.default(true),
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
  // The fixity check: a share of the stored bytes read back per day, a slice each interval.
  ARCA_FIXITY_SHARE_PER_DAY: z.coerce.number().positive().max(100).default(0.05),
  ARCA_FIXITY_INTERVAL_MINUTES: z.coerce.number().positive().default(60),
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
  ARCA_OAI_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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

export type Environment = z.infer<typeof environment>;
