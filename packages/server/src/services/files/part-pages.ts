import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError } from '../errors.ts';
import type { FileBuckets, PartLink } from './file-buckets.ts';

/** Part links per page at most. */
export const PART_PAGE_MAX = 1000;

export interface PartLinksPage {
  recordId: string;
  key: string;
  /** The upload's parts, all pages together. */
  total: number;
  page: number;
  size: number;
  links: PartLink[];
}

/**
 * The part links of a pending multipart upload, a page at a time: a file with
 * more parts than are given inline (file-buckets.ts) is uploaded with these.
 * They let their holder write the upload, so only those who may add files to
 * the draft get them.
 */
export function partPages(buckets: FileBuckets) {
  return {
    async partLinksPage(
      actor: Actor,
      id: string,
      key: string,
      page: number,
      size: number,
    ): Promise<PartLinksPage> {
      const bucket = await buckets.writable(actor, id, 'canCreateFiles');
      const file = await buckets.find(bucket, key);
      buckets.refuseAbandoned(file);
      if (!buckets.isMultipartPending(file)) throw new DomainError('invalid', 'wrongTransferType');
      const total = file.entry.parts!;
      const first = (page - 1) * size + 1;
      const last = Math.min(total, page * size);
      const links = first > total ? [] : await buckets.partLinks(id, file, first, last);
      return { recordId: id, key: file.entry.key, total, page, size, links };
    },
  };
}
