import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, fieldError } from '../errors.ts';
import type { FileBuckets, PartLink } from './file-buckets.ts';
import type { FileWithObject } from './files.repository.ts';

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
  /** A pending multipart upload of the draft, for one who may add files to it. */
  async function pendingUpload(actor: Actor, id: string, key: string): Promise<FileWithObject> {
    const bucket = await buckets.writable(actor, id, 'canCreateFiles');
    const file = await buckets.find(bucket, key);
    buckets.refuseAbandoned(file);
    if (!buckets.isMultipartPending(file)) throw new DomainError('invalid', 'wrongTransferType');
    return file;
  }

  return {
    async partLinksPage(
      actor: Actor,
      id: string,
      key: string,
      page: number,
      size: number,
    ): Promise<PartLinksPage> {
      const file = await pendingUpload(actor, id, key);
      // Its parts' URLs each carry the part's checksum: asked for one at a time (partLink).
      if (await buckets.partSha256(file)) throw fieldError('checksum', 'required');
      const total = file.entry.parts!;
      const first = (page - 1) * size + 1;
      const last = Math.min(total, page * size);
      const links = first > total ? [] : await buckets.partLinks(id, file, first, last);
      return { recordId: id, key: file.entry.key, total, page, size, links };
    },

    /**
     * One part's link, signed with the part's SHA-256 (hex) where storage checks
     * it (an S3 upload started with `part_checksum`); the plain link elsewhere.
     */
    async partLink(
      actor: Actor,
      id: string,
      key: string,
      part: number,
      sha256: string,
    ): Promise<PartLink> {
      const file = await pendingUpload(actor, id, key);
      if (!Number.isInteger(part) || part < 1 || part > file.entry.parts!) {
        throw new DomainError('invalid', 'invalidPartNumber', {
          params: { max: file.entry.parts! },
        });
      }
      if (!(await buckets.partSha256(file)))
        return (await buckets.partLinks(id, file, part, part))[0]!;
      const base64 = Buffer.from(sha256, 'hex').toString('base64');
      return buckets.checkedPartLink(id, file, part, base64);
    },
  };
}
