import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Services } from '../http/context.ts';
import { createAccountService } from './accounts.service.ts';
import { createGroupService } from './groups.service.ts';
import { createHealthService } from './health.service.ts';
import { createLoginLimiter } from './login-limiter.service.ts';
import { createSessionService } from './sessions.service.ts';
import { createTokenService } from './tokens.service.ts';
import { createVocabularyService } from './vocabularies.service.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { createPidService } from './pids.service.ts';
import { EMBARGO_JOB, createRecordService } from './records/records.service.ts';
import { createRecordSearch } from './records/search.service.ts';
import { createRecordValidator } from './records/validation.ts';
import { createAccessService } from './sharing/access.service.ts';
import { createStorage } from '../storage/index.ts';
import { createFilesService } from './files/files.service.ts';
import { createPartSigner } from './files/part-signatures.ts';
import { createRecordFilesComponent } from './files/record-files.component.ts';

/** Wires the services together: the one place that knows who depends on whom. */
export function createServices(db: Database, config: Config): Services {
  const sessions = createSessionService(db, config.sessionLifetimeMs);
  const vocabularies = createVocabularyService(db);
  const access = createAccessService(db, config.secretKey);
  const files = createFilesService({
    db,
    storage: createStorage(config),
    config: config.files,
    signer: createPartSigner(config.secretKey),
    partRoute: (id, key, part) =>
      `${config.siteUrl}/api/records/${id}/draft/files/${encodeURIComponent(key)}/content/${part}`,
  });
  const records = createRecordService({
    db,
    access,
    vocabularies,
    doiPrefix: config.doiPrefix,
    files: createRecordFilesComponent(db, files.collect),
    validator: createRecordValidator({
      vocabularies,
      pids: createPidService(db, config.doiPrefix),
      rules: { graceDays: config.restrictionGraceDays, doiRequired: config.doiRequired },
    }),
  });
  const jobs = createJobQueue(db, {
    [EMBARGO_JOB]: async (job) => {
      // A due job lifts as of its date, whatever the clock of the server that runs it.
      await records.liftEmbargo(String(job.payload.recordId), job.runAt);
    },
  });
  return {
    access,
    files,
    jobs,
    records,
    recordSearch: createRecordSearch(db),
    accounts: createAccountService({
      db,
      config,
      sessions,
      limiter: createLoginLimiter(db, config.login),
      onProfileChanged: (user) => vocabularies.syncUserName(user),
    }),
    groups: createGroupService(db),
    health: createHealthService(db),
    sessions,
    tokens: createTokenService(db),
    vocabularies,
  };
}
