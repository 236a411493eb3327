import { DATACITE_RECHECK_JOB } from './services/pids/datacite-sync.ts';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { users } from './db/schema.ts';
import { seedDemo } from './demo/seed.ts';
import type { Services } from './services/services.ts';
import { createServices } from './services/index.ts';
import { seedFromTemplate } from './db/pglite-template.ts';
import {
  forgetVocabularyFiles,
  loadVocabularies,
  vocabularyVersion,
} from './vocabularies/loader.ts';
import { startJobRunner } from './jobs/queue.ts';
import { FILES_SWEEP_JOB } from './services/files/files-sweep.ts';
import { FILES_FIXITY_JOB } from './services/files/fixity.ts';
import { STATS_AGGREGATE_JOB } from './services/stats/stats.service.ts';
import { AUDIT_PURGE_JOB } from './services/audit/audit.service.ts';
import { LINK_USES_PURGE_JOB } from './services/sharing/link-uses-purge.ts';
import { backfillSearchFields } from './services/records/search-backfill.ts';

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  /** For tests that set up what no HTTP route offers yet. */
  services: Services;
  close(): Promise<void>;
}

/**
 * Opens and migrates the database, loads the vocabularies, seeds the demo
 * data on an empty installation, and builds the app.
 */
export async function startServer(
  config: Config,
  options: { logger?: boolean | object } = {},
): Promise<Server> {
  const dataDir = `${config.dataDir}/db`;
  // A new embedded database starts from the build's template instead of initdb.
  if (!config.databaseUrl) seedFromTemplate(dataDir, await vocabularyVersion());
  const open = () =>
    openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir });
  let database = await open();
  await loadVocabularies(database.db);
  forgetVocabularyFiles();
  // Rows saved before the field-query columns existed get them now (once).
  await backfillSearchFields(database.db);
  let seeded = false;
  const [existing] = await database.db.select({ users: count() }).from(users);
  if (config.demoData && existing?.users === 0) {
    await seedDemo(createServices(database.db, config));
    seeded = true;
    // PGlite's WebAssembly memory never shrinks: a fresh instance gives back part
    // of what seeding grew it by (RSS at rest 305 → 292–299 MB, 0.3 s more start).
    if (!config.databaseUrl) {
      await database.close();
      database = await open();
    }
  }
  const { db } = database;
  // The outbox writes mail to the app's log, which exists only once the app is built.
  const appLog: { current?: FastifyInstance['log'] } = {};
  const services = createServices(db, config, {
    log: { info: (details, message) => appLog.current?.info(details, message) },
  });
  await services.files.recover();
  // The sweep of abandoned uploads and orphaned bytes: soon after each start, then at its interval.
  await services.jobs.enqueue({ kind: FILES_SWEEP_JOB, key: FILES_SWEEP_JOB, runAt: new Date() });
  // The fixity check reads its first slice an interval after the start, then every interval.
  const fixityMs = config.files.fixityIntervalMs ?? 3600_000;
  await services.jobs.enqueue({
    kind: FILES_FIXITY_JOB,
    key: FILES_FIXITY_JOB,
    runAt: new Date(Date.now() + fixityMs),
  });
  // DOI registrations DataCite refused are looked at again: what they send may have changed.
  if (config.datacite) {
    const recheck = DATACITE_RECHECK_JOB;
    await services.jobs.enqueue({ kind: recheck, key: recheck, runAt: new Date() });
  }
  // The audit log's purge of entries past their retention: soon after each start, then daily.
  await services.jobs.enqueue({ kind: AUDIT_PURGE_JOB, key: AUDIT_PURGE_JOB, runAt: new Date() });
  // Secret-link uses past their retention likewise (the links keep their counts).
  const linkUsesPurge = LINK_USES_PURGE_JOB;
  await services.jobs.enqueue({ kind: linkUsesPurge, key: linkUsesPurge, runAt: new Date() });
  await services.jobs.enqueue({
    kind: STATS_AGGREGATE_JOB,
    key: STATS_AGGREGATE_JOB,
    runAt: new Date(Date.now() + config.stats.aggregateMs),
  });
  const app = await buildApp({ config, db, services, database, ...options });
  appLog.current = app.log;
  const stopJobs = startJobRunner(services.jobs, config.jobsIntervalMs, (error) =>
    app.log.error({ err: error }, 'job runner failed'),
  );
  return {
    app,
    database,
    seeded,
    services,
    async close() {
      stopJobs();
      await app.close();
      await database.close();
    },
  };
}
