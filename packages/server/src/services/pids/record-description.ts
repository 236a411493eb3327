import type { RecordJson } from '@arca/schema';
import type { Config } from '../../config.ts';
import { linkBuilder } from '../../http/links.ts';
import { translator } from '../../i18n.ts';
import { system } from '../../permissions/policy.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { serializeRecord } from '../../resources/serializers/record.serializer.ts';
import { DomainError } from '../errors.ts';
import type { RecordService, RecordView } from '../records/records.service.ts';
import { WITHHELD, type DescribeDoi } from './datacite-sync.ts';

const systemActor: Actor = { identity: system, groups: [], links: [] };

/**
 * What DataCite is told about a DOI: the record as the API serializes it (in
 * English), through the DataCite mapping, with the DOI and its landing page.
 * A concept DOI (its object is a parent) describes the latest version and
 * points at it. A restricted record's metadata is withheld.
 */
export function recordDescription(
  records: RecordService,
  config: Config,
  mapping: (record: RecordJson) => Record<string, unknown>,
): DescribeDoi {
  const links = linkBuilder(config.siteUrl);
  const t = translator('en');
  const read = async (id: string) => {
    try {
      return await records.readRecord(systemActor, id);
    } catch (error) {
      // Deleted (a tombstone): DataCite keeps the metadata it has, and the landing URL answers 410.
      if (error instanceof DomainError && (error.kind === 'notFound' || error.kind === 'gone')) {
        return null;
      }
      throw error;
    }
  };
  return async (objectId, doi) => {
    let found = await read(objectId);
    if (found && 'redirectTo' in found) found = await read(found.redirectTo);
    if (!found || 'redirectTo' in found) return null;
    const view: RecordView = found;
    if (view.document.access.record !== 'public') return WITHHELD;
    const json = serializeRecord(view, {
      links,
      groupsEnabled: config.groupsEnabled,
      ui: false,
      t,
      language: 'en',
      languages: ['en'],
    }) as unknown as RecordJson;
    const url = links.html(`/records/${view.row.id}`);
    const described = mapping({
      ...json,
      pids: { ...json.pids, doi: { identifier: doi, provider: 'managed' } },
      links: { ...json.links, self_html: url },
    });
    return { ...described, doi, url };
  };
}
