import { z } from 'zod';
import { DB_INT_MAX, FILES_PAGE_MAX } from '@arca/schema';
import { MAX_PARTS, PART_PAGE_MAX } from '../services/files/files.service.ts';

/** Parameters, queries and bodies of the file routes (API.md §2). */
export const idParams = z.object({ id: z.string().min(1).max(100) });
export const keyParams = idParams.extend({ key: z.string().min(1).max(1024) });
export const partParams = keyParams.extend({ part: z.coerce.number().int() });
export const tokenQuery = z.object({ token: z.string().optional() });
/** A page of a files listing: `size` entries after the key `after` (by key). */
export const listQuery = tokenQuery.extend({
  size: z.coerce.number().int().min(1).max(FILES_PAGE_MAX).optional(),
  after: z.string().min(1).max(1024).optional(),
});
export const contentQuery = tokenQuery.extend({ download: z.string().optional() });
export const partQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(200).optional(),
});
/** One part's link, signed with the part's SHA-256 (`links.part_urls/{part}`). */
export const partLinkQuery = z.object({
  checksum: z.string().regex(/^sha256:[0-9a-fA-F]{64}$/, 'invalidChecksum'),
});
export const partPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PARTS).default(1),
  size: z.coerce.number().int().min(1).max(PART_PAGE_MAX).default(PART_PAGE_MAX),
});
export const fileSpec = z.object({
  key: z.string().max(1024),
  size: z.number().int().min(0).optional(),
  checksum: z
    .string()
    .max(100)
    .nullish()
    .transform((v) => v ?? undefined),
  storage_class: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  access: z.object({ hidden: z.boolean().optional() }).optional(),
  transfer: z
    .object({
      // R (remote) and F (fetch) are known, and refused with 403 as InvenioRDM does.
      type: z.enum(['L', 'M', 'R', 'F']).default('L'),
      parts: z.number().int().optional(),
      part_size: z.number().int().positive().optional(),
      // Beyond InvenioRDM: the uploader sends each part with its SHA-256 (S3 storage checks it).
      part_checksum: z.enum(['sha256']).optional(),
    })
    .optional(),
});
export const initBody = z.array(fileSpec).max(10_000);
/** Beyond InvenioRDM: the uploader's own SHA-256 of the bytes, checked before the commit. */
export const commitBody = z
  .object({
    checksum: z
      .string()
      .regex(/^sha256:[0-9a-fA-F]{64}$/, 'invalidChecksum')
      .optional(),
  })
  .nullish();
export const metadataBody = z.object({
  metadata: z.record(z.string(), z.unknown()).optional(),
  access: z.object({ hidden: z.boolean().optional() }).optional(),
});
export const quotaBody = z.object({
  max_files: z.number().int().min(0).max(DB_INT_MAX),
  max_bytes: z.number().int().min(0),
});
