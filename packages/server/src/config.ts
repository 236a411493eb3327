import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  ARCA_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  ARCA_TRUST_PROXY: flag.default(false),
  ARCA_DOI_PREFIX: z
    .string()
    .regex(/^10\.\d{4,9}$/)
    .default('10.1234'),
  ARCA_DOI_REQUIRED: flag.default(false),
  ARCA_RESTRICTION_GRACE_DAYS: z.coerce.number().min(0).default(30),
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
  ARCA_WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  siteName: string;
  secretKey: string;
  signupEnabled: boolean;
  groupsEnabled: boolean;
  demoData: boolean;
  sessionLifetimeMs: number;
  login: { windowMs: number; maxFailuresPerAccount: number; maxFailuresPerAddress: number };
  bodyLimit: number;
  trustProxy: boolean;
  doiPrefix: string;
  doiRequired: boolean;
  restrictionGraceDays: number;
  /** The optional custom field groups the deposit form shows. */
  depositCustomFields: ('imprint' | 'journal' | 'meeting' | 'thesis')[];
  jobsIntervalMs: number;
  webDist: string;
  logLevel: string;
}

const here = path.dirname(new URL(import.meta.url).pathname);

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    siteUrl: (e.ARCA_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    siteName: e.ARCA_SITE_NAME,
    secretKey: e.ARCA_SECRET_KEY ?? readOrCreateSecret(dataDir),
    signupEnabled: e.ARCA_SIGNUP_ENABLED,
    groupsEnabled: e.ARCA_GROUPS_ENABLED,
    demoData: e.ARCA_DEMO_DATA,
    sessionLifetimeMs: e.ARCA_SESSION_LIFETIME_HOURS * 3600_000,
    login: {
      windowMs: e.ARCA_LOGIN_WINDOW_MINUTES * 60_000,
      maxFailuresPerAccount: e.ARCA_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: e.ARCA_LOGIN_MAX_FAILURES_PER_ADDRESS,
    },
    bodyLimit: e.ARCA_BODY_LIMIT_BYTES,
    trustProxy: e.ARCA_TRUST_PROXY,
    doiPrefix: e.ARCA_DOI_PREFIX,
    doiRequired: e.ARCA_DOI_REQUIRED,
    restrictionGraceDays: e.ARCA_RESTRICTION_GRACE_DAYS,
    depositCustomFields: e.ARCA_DEPOSIT_CUSTOM_FIELDS,
    jobsIntervalMs: e.ARCA_JOBS_INTERVAL_SECONDS * 1000,
    webDist: path.resolve(e.ARCA_WEB_DIST ?? path.join(here, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
  };
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
