import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  NoSuchKey,
  NoSuchUpload,
  S3Client,
  UploadPartCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { HashingCounter } from './hashing.ts';
import type { HeldParts, Storage, StoredBytes, StoredItem } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Multipart uploads may use SHA-256 checksums per part (S3 flexible checksums). */
  checksums: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NotFound' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * S3-compatible object storage. Multipart parts go from the client straight
 * to S3 through presigned URLs: the server never carries those bytes.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Otherwise the SDK signs the CRC-32 of an empty body into every presigned part URL, and
    // stores that check it (MinIO, R2, ...) refuse the part (aws-sdk-js-v3 #6994).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = settings.bucket;

  /** The parts of an upload, and the checksum algorithm it was created with. */
  async function listParts(key: string, uploadId: string) {
    const parts: Part[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      parts.push(...(page.Parts ?? []));
      if (!page.IsTruncated) return { parts, algorithm: page.ChecksumAlgorithm };
      marker = page.NextPartNumberMarker;
    }
  }
  const allParts = async (key: string, uploadId: string) => (await listParts(key, uploadId)).parts;

  return {
    kind: 's3',

    async write(key, source, { maxBytes }) {
      const counter = new HashingCounter(maxBytes);
      const body = new PassThrough({ highWaterMark: 1 << 20 });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      const sent = upload.done();
      try {
        await pipeline(source, counter, body);
        await sent;
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await sent.catch(() => undefined);
        throw error;
      }
      return { size: counter.size, ...counter.digest() };
    },

    async read(key, range) {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    },

    readFiles(keys, into) {
      return Promise.all(
        keys.map(async (key, i) => {
          const target = into[i]!;
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          let at = 0;
          for await (const chunk of answer.Body as Readable) {
            const bytes = chunk as Buffer;
            if (at + bytes.length > target.length) {
              throw new Error(`${key}: more than ${target.length} bytes`);
            }
            bytes.copy(target, at);
            at += bytes.length;
          }
          if (at !== target.length) throw new Error(`${key}: ${at} bytes, not ${target.length}`);
          return crc32(target);
        }),
      );
    },

    async hash(key): Promise<StoredBytes | null> {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      const counter = new HashingCounter(Number.MAX_SAFE_INTEGER);
      await pipeline(answer.Body as Readable, counter, async (chunks) => {
        for await (const _chunk of chunks) {
          // Drained: only the hash is wanted.
        }
      });
      return { size: counter.size, ...counter.digest() };
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    partChecksums: settings.checksums,

    async startMultipart(key, _size, options) {
      const sha256 = settings.checksums && options?.partSha256 === true;
      const answer = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: key,
          ...(sha256 ? { ChecksumAlgorithm: 'SHA256' as const } : {}),
        }),
      );
      if (!answer.UploadId) throw new Error('S3 gave no upload id');
      return answer.UploadId;
    },

    async partUrl(key, uploadId, part, expiresInSeconds, sha256) {
      const command = new UploadPartCommand({
        Bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: part,
        ...(sha256 ? { ChecksumSHA256: sha256 } : {}),
      });
      // S3 checks a checksum sent as a header, signed (one in the query string is not checked).
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        ...(sha256 ? { unhoistableHeaders: new Set(['x-amz-checksum-sha256']) } : {}),
      });
      const headers: Record<string, string> = sha256 ? { 'x-amz-checksum-sha256': sha256 } : {};
      return { url, headers };
    },

    writePart() {
      return Promise.reject(new Error('S3 parts are uploaded to their presigned URLs'));
    },

    async heldParts(key, uploadId): Promise<HeldParts> {
      try {
        const { parts, algorithm } = await listParts(key, uploadId);
        return {
          parts: parts.map((p) => ({ part: p.PartNumber ?? 0, size: p.Size ?? 0 })),
          partSha256: algorithm === 'SHA256',
        };
      } catch (error) {
        if (error instanceof NoSuchUpload) return { parts: [], partSha256: false };
        throw error;
      }
    },

    async partSha256(key, uploadId) {
      try {
        const page = await client.send(
          new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, MaxParts: 1 }),
        );
        return page.ChecksumAlgorithm === 'SHA256';
      } catch (error) {
        if (error instanceof NoSuchUpload) return false;
        throw error;
      }
    },

    async completeMultipart(key, uploadId) {
      let parts: Part[];
      try {
        parts = await allParts(key, uploadId);
      } catch (error) {
        // Completed already (a retried commit): the object is there.
        if (error instanceof NoSuchUpload) return;
        throw error;
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          // An upload with checksums is completed with each part's (S3 checks them too).
          MultipartUpload: {
            Parts: parts.map((p) => ({
              PartNumber: p.PartNumber,
              ETag: p.ETag,
              ...(p.ChecksumSHA256 ? { ChecksumSHA256: p.ChecksumSHA256 } : {}),
            })),
          },
        }),
      );
    },

    // An object appears only once complete: an interrupted upload leaves nothing visible.
    sweepTemporary() {
      return Promise.resolve();
    },

    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken: token }),
        );
        const items: StoredItem[] = (page.Contents ?? []).flatMap((object) =>
          object.Key
            ? [{ key: object.Key, uploadId: null, modified: object.LastModified ?? new Date(0) }]
            : [],
        );
        if (items.length) yield items;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        const items: StoredItem[] = (page.Uploads ?? []).flatMap((upload) =>
          upload.Key && upload.UploadId
            ? [
                {
                  key: upload.Key,
                  uploadId: upload.UploadId,
                  modified: upload.Initiated ?? new Date(0),
                },
              ]
            : [],
        );
        if (items.length) yield items;
        if (!page.IsTruncated) return;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },

    async lastModified(key, uploadId) {
      if (uploadId) {
        let parts: Part[];
        try {
          parts = await allParts(key, uploadId);
        } catch (error) {
          if (error instanceof NoSuchUpload) return null;
          throw error;
        }
        const times = parts.flatMap((part) =>
          part.LastModified ? [part.LastModified.getTime()] : [],
        );
        return times.length ? new Date(Math.max(...times)) : null;
      }
      try {
        return (
          (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).LastModified ?? null
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async abortMultipart(key, uploadId) {
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }),
        );
      } catch (error) {
        if (!(error instanceof NoSuchUpload) && !isMissing(error)) throw error;
      }
    },
  };
}
