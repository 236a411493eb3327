import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { dataciteJson } from '../../exports/datacite.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { RecordService } from '../records/records.service.ts';
import { createDataciteClient } from './datacite.client.ts';
import { dataciteSync } from './datacite-sync.ts';
import { DATACITE_JOB } from './doi-registration.ts';
import { recordDescription } from './record-description.ts';

/** The DataCite job's handler, when DataCite is configured. */
export function dataciteJobs(
  db: Database,
  config: Config,
  records: RecordService,
): Record<string, JobHandler> {
  if (!config.datacite) return {};
  const describe = recordDescription(records, config, dataciteJson);
  return { [DATACITE_JOB]: dataciteSync(db, createDataciteClient(config.datacite), describe) };
}
