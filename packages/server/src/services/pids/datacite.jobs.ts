import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { dataciteJson } from '../../exports/datacite.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { RecordService } from '../records/records.service.ts';
import { createDataciteClient, type DataciteState } from './datacite.client.ts';
import { DATACITE_RECHECK_JOB, dataciteRecheck, dataciteSync } from './datacite-sync.ts';
import { DATACITE_JOB, doiRegistration } from './doi-registration.ts';
import { recordDescription } from './record-description.ts';

/** The DataCite jobs' handlers (sync, recheck of failures), when DataCite is configured. */
export function dataciteJobs(
  db: Database,
  config: Config,
  records: RecordService,
): Record<string, JobHandler> {
  if (!config.datacite) return {};
  const describe = recordDescription(records, config, dataciteJson);
  const { prefix } = config.datacite;
  const requeue = (doi: string, target: DataciteState) =>
    doiRegistration(db, prefix).request(doi, target);
  return {
    [DATACITE_JOB]: dataciteSync(db, createDataciteClient(config.datacite), describe),
    [DATACITE_RECHECK_JOB]: dataciteRecheck(db, describe, requeue),
  };
}
