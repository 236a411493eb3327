import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkComplete,
  checkPart,
  partChecksumXml,
  refusePresigned,
  uploadAlgorithm,
  type S3Context,
} from './s3-integrity.ts';

interface S3rverInstance {
  middleware: ((ctx: S3Context, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const S3_BUCKET = 'arca-test';

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/** What a bucket a browser PUTs parts to needs (API.md §2.4: the ETag exposed). */
const BROWSER_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * A real S3-protocol server (s3rver) on a free port, for the S3 storage tests.
 * s3rver lacks three multipart calls that S3, MinIO and Ceph have, ListParts,
 * AbortMultipartUpload and ListMultipartUploads; they are added here over its
 * own store of uploads and parts. So are the checks S3 makes and s3rver does
 * not (s3-integrity.ts): presigned signatures, Content-MD5 and checksums.
 */
export async function startS3Server(options: { cors?: boolean } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'arca-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: options.cors ? [BROWSER_CORS] : [] }],
  });
  const uploadDir = (bucket: string, uploadId: string) =>
    path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const multipartCalls = async (ctx: S3Context, next: () => Promise<void>) => {
    if (refusePresigned(ctx)) return;
    const uploadId = ctx.query.uploadId;
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    if (ctx.method === 'GET' && keyParts.join('') === '' && 'uploads' in ctx.query) {
      listUploads(ctx, bucket);
      return;
    }
    if (uploadId && keyParts.length > 0 && ctx.method === 'PUT' && ctx.query.partNumber) {
      return checkPart(ctx, uploadDir(bucket, uploadId), ctx.query.partNumber, next);
    }
    if (uploadId && keyParts.length > 0 && ctx.method === 'POST') {
      return checkComplete(ctx, uploadDir(bucket, uploadId), next);
    }
    if (!uploadId || keyParts.length === 0 || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const dir = uploadDir(bucket, uploadId);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`,
      );
      return;
    }
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((part) => {
        const file = path.join(dir, String(part));
        const etag = readFileSync(`${file}.md5`, 'utf8').trim();
        const { size, mtime } = statSync(file);
        return `<Part><PartNumber>${part}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${etag}"</ETag>${partChecksumXml(dir, part)}<Size>${size}</Size></Part>`;
      });
    const algorithm = uploadAlgorithm(dir);
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId>${algorithm ? `<ChecksumAlgorithm>${algorithm}</ChecksumAlgorithm>` : ''}<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
  /** Every upload in progress, in one page. */
  const listUploads = (ctx: S3Context, bucket: string) => {
    const root = server.store.getResourcePath(bucket, undefined, 'uploads');
    let ids: string[] = [];
    try {
      ids = readdirSync(root);
    } catch {
      // No upload was ever started.
    }
    const uploads = ids.map((id) => {
      const key = readFileSync(path.join(root, id, 'key'), 'utf8');
      const initiated = statSync(path.join(root, id, 'key')).mtime.toISOString();
      return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
    });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  };
  // Before s3rver's router, the last middleware.
  server.middleware.splice(server.middleware.length - 1, 0, multipartCalls);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      ARCA_STORAGE: 's3',
      ARCA_S3_BUCKET: S3_BUCKET,
      ARCA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      ARCA_S3_ACCESS_KEY_ID: 'S3RVER',
      ARCA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ARCA_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
