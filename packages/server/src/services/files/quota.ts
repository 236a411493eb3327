import type { FilesConfig } from '../../config.ts';
import { DomainError } from '../errors.ts';
import type { FileWithObject } from './files.repository.ts';

export interface Quota {
  maxFiles: number;
  maxBytes: number;
}

/**
 * Bytes a file counts for against the quota: what arrived, else what was
 * announced, else what its upload holds while it streams (upload-reservation.ts).
 */
export const bytesOf = ({ entry, object }: FileWithObject) =>
  object.size ?? entry.declaredSize ?? (entry.status === 'pending' ? object.reserved : 0);

/**
 * Refuses an upload that would pass the record's quota, naming the limit
 * (SPEC §5). `current`: the record's running totals, read under its lock.
 */
export function checkQuota(
  quota: Quota,
  current: { files: number; bytes: number },
  adding: { count: number; bytes: number },
): void {
  const count = current.files + adding.count;
  if (count > quota.maxFiles) {
    throw new DomainError('invalid', 'tooManyFiles', { params: { max: quota.maxFiles } });
  }
  const total = current.bytes + adding.bytes;
  if (total > quota.maxBytes) {
    throw new DomainError('invalid', 'storageLimitExceeded', {
      params: { total, limit: quota.maxBytes },
    });
  }
}

export const defaultQuota = (config: FilesConfig): Quota => ({
  maxFiles: config.maxFiles,
  maxBytes: config.maxBytes,
});
