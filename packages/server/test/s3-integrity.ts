import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

// What S3 checks and s3rver does not, for the S3 storage tests: the signature
// of a presigned URL (with the headers signed into it), Content-MD5 and the
// flexible checksums (x-amz-checksum-*) of parts, and the per-part checksums
// of an upload created with x-amz-checksum-algorithm, which its parts, ListParts
// and CompleteMultipartUpload carry.

export interface S3Context {
  method: string;
  path: string;
  url: string;
  query: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
  req: IncomingMessage | Readable;
  status: number;
  type: string;
  body: unknown;
  set(name: string, value: string): void;
}

/** s3rver's account: presigned URLs are signed with its secret. */
const SECRET = 'S3RVER';

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

export function refuse(ctx: S3Context, status: number, code: string, message: string, more = '') {
  // S3 answers a refusal with the bucket's CORS headers too: a browser reads it.
  const origin = header(ctx, 'origin');
  if (origin) {
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Expose-Headers', 'ETag');
  }
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = xml(`<Error><Code>${code}</Code><Message>${message}</Message>${more}</Error>`);
}

const header = (ctx: S3Context, name: string) => {
  const value = ctx.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** RFC 3986 encoding, as SigV4 canonicalises query strings. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const hmac = (key: Buffer | string, text: string) =>
  createHmac('sha256', key).update(text).digest();

/**
 * A presigned (query-string SigV4) request: refused, as S3 does, when it has
 * expired, carries an x-amz-* header not signed into it, or its signature
 * does not match (a signed header sent with another value). True when refused.
 */
export function refusePresigned(ctx: S3Context): boolean {
  // A browser's preflight is not signed.
  if (ctx.method === 'OPTIONS' || ctx.query['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256') return false;
  const signed = (ctx.query['X-Amz-SignedHeaders'] ?? '').split(';');
  const unsigned = Object.keys(ctx.headers).filter(
    (name) => name.startsWith('x-amz-') && !signed.includes(name),
  );
  if (unsigned.length) {
    refuse(
      ctx,
      403,
      'AccessDenied',
      'There were headers present in the request which were not signed',
      `<HeadersNotSigned>${unsigned.join(', ')}</HeadersNotSigned>`,
    );
    return true;
  }
  const stamp = ctx.query['X-Amz-Date'] ?? '';
  const when = Date.parse(
    stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(when + Number(ctx.query['X-Amz-Expires'] ?? 0) * 1000 >= Date.now())) {
    refuse(ctx, 403, 'AccessDenied', 'Request has expired');
    return true;
  }
  const [rawPath = '', rawQuery = ''] = ctx.url.split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' '))))
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name = '', value = '']) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signed
    .map((name) => `${name}:${(header(ctx, name) ?? '').trim().replace(/ +/g, ' ')}\n`)
    .join('');
  const canonical = [
    ctx.method,
    rawPath,
    query,
    canonicalHeaders,
    signed.join(';'),
    ctx.query['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = (ctx.query['X-Amz-Credential'] ?? '').split('/').slice(1);
  const [date = '', region = '', service = ''] = scope;
  const toSign = [
    'AWS4-HMAC-SHA256',
    stamp,
    scope.join('/'),
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), service), 'aws4_request');
  if (hmac(key, toSign).toString('hex') !== ctx.query['X-Amz-Signature']) {
    refuse(
      ctx,
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
    return true;
  }
  return false;
}

/** The checksum algorithm an upload was created with (s3rver keeps the request's headers). */
export function uploadAlgorithm(dir: string): string | null {
  try {
    const headers = JSON.parse(readFileSync(path.join(dir, 'metadata'), 'utf8')) as Record<
      string,
      string
    >;
    return headers['x-amz-checksum-algorithm']?.toUpperCase() ?? null;
  } catch {
    return null;
  }
}

const digests: Record<string, (bytes: Buffer) => string> = {
  SHA256: (bytes) => createHash('sha256').update(bytes).digest('base64'),
  CRC32: (bytes) => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(crc32(bytes));
    return value.toString('base64');
  },
};

/** The x-amz-checksum-* values of a part, from its headers or hoisted into its query string. */
function partChecksums(ctx: S3Context): [string, string][] {
  const found = new Map<string, string>();
  const sources = [
    ...Object.entries(ctx.headers),
    ...Object.entries(ctx.query).map(([name, value]) => [name.toLowerCase(), value] as const),
  ];
  for (const [name, value] of sources) {
    const match = /^x-amz-checksum-(crc32|crc32c|crc64nvme|sha1|sha256)$/.exec(name);
    if (match && typeof value === 'string') found.set(match[1]!.toUpperCase(), value);
  }
  return [...found];
}

/**
 * UploadPart as S3 answers it: the part's checksum of the upload's algorithm
 * required (400 InvalidRequest), the bytes checked against it and against
 * Content-MD5 (400 BadDigest, the part not kept); the part's SHA-256 kept for
 * ListParts. `store` lets s3rver write the part.
 */
export function checkPart(
  ctx: S3Context,
  dir: string,
  part: string,
  store: () => Promise<void>,
): Promise<void> {
  // One write of a part at a time: S3 keeps the last one whole.
  const file = path.join(dir, part);
  const turn = (partWrites.get(file) ?? Promise.resolve()).then(() =>
    checkPartNow(ctx, dir, part, store),
  );
  const settled = turn.catch(() => undefined);
  partWrites.set(file, settled);
  void settled.then(() => {
    if (partWrites.get(file) === settled) partWrites.delete(file);
  });
  return turn;
}
const partWrites = new Map<string, Promise<void>>();

async function checkPartNow(
  ctx: S3Context,
  dir: string,
  part: string,
  store: () => Promise<void>,
): Promise<void> {
  if (!existsSync(path.join(dir, 'key'))) {
    refuse(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    return;
  }
  const expected = uploadAlgorithm(dir);
  const given = partChecksums(ctx);
  if (given.length > 1) {
    refuse(
      ctx,
      400,
      'InvalidRequest',
      'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
    );
    return;
  }
  const [algorithm = null, value] = given[0] ?? [];
  if (expected !== algorithm) {
    const name = (type: string | null) => type?.toLowerCase() ?? 'null';
    refuse(
      ctx,
      400,
      'InvalidRequest',
      `Checksum Type mismatch occurred, expected checksum Type: ${name(expected)}, actual checksum Type: ${name(algorithm)}`,
    );
    return;
  }
  const file = path.join(dir, part);
  const kept = [file, `${file}.md5`, `${file}.sha256`].filter((name) => existsSync(name));
  for (const name of kept) renameSync(name, `${name}.previous`);
  // A part refused leaves the one held before, as S3 keeps it.
  const restore = () => {
    for (const name of [file, `${file}.md5`, `${file}.sha256`]) rmSync(name, { force: true });
    for (const name of kept) renameSync(`${name}.previous`, name);
  };
  try {
    await store();
  } catch (error) {
    restore();
    throw error;
  }
  if (ctx.status >= 300) {
    restore();
    return;
  }
  // s3rver answers before its write stream has flushed the part: wait for every byte.
  const length = Number(header(ctx, 'content-length') ?? -1);
  for (let waited = 0; statSync(file).size < length && waited < 10_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const bytes = readFileSync(file);
  const md5 = header(ctx, 'content-md5');
  if (md5 !== undefined && createHash('md5').update(bytes).digest('base64') !== md5) {
    restore();
    refuse(ctx, 400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    return;
  }
  if (algorithm) {
    const compute = digests[algorithm];
    if (!compute || compute(bytes) !== value) {
      restore();
      refuse(
        ctx,
        400,
        'BadDigest',
        `The ${algorithm.toLowerCase()} you specified did not match the calculated checksum.`,
      );
      return;
    }
    if (algorithm === 'SHA256') writeFileSync(`${file}.sha256`, value);
  }
  for (const name of kept) rmSync(`${name}.previous`, { force: true });
}

/** The part's SHA-256 element of ListParts, when S3 holds one. */
export function partChecksumXml(dir: string, part: number): string {
  const file = path.join(dir, `${part}.sha256`);
  return existsSync(file) ? `<ChecksumSHA256>${readFileSync(file, 'utf8')}</ChecksumSHA256>` : '';
}

/**
 * CompleteMultipartUpload as S3 answers it: every part named must be held with
 * its ETag and, for an upload with checksums, its checksum (400 InvalidPart;
 * a checksum missing is 400 InvalidRequest); the answer carries the object's
 * checksum of the parts' checksums. `complete` lets s3rver join the parts.
 */
export async function checkComplete(
  ctx: S3Context,
  dir: string,
  complete: () => Promise<void>,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const algorithm = uploadAlgorithm(dir);
  const digests: Buffer[] = [];
  const invalidPart = () =>
    refuse(
      ctx,
      400,
      'InvalidPart',
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
    );
  for (const [, inner = ''] of body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(inner)?.[1];
    const number = field('PartNumber') ?? '';
    const file = path.join(dir, number);
    if (!/^\d+$/.test(number) || !existsSync(file)) return invalidPart();
    const etag = (field('ETag') ?? '').replace(/&quot;|"/g, '');
    if (etag !== readFileSync(`${file}.md5`, 'utf8').trim()) return invalidPart();
    if (algorithm === 'SHA256') {
      const checksum = field('ChecksumSHA256');
      if (!checksum) {
        refuse(
          ctx,
          400,
          'InvalidRequest',
          `The upload was created using a sha256 checksum. The complete request must include the checksum for each part. It was missing for part ${number} in the request.`,
        );
        return;
      }
      if (checksum !== readFileSync(`${file}.sha256`, 'utf8')) return invalidPart();
      digests.push(Buffer.from(checksum, 'base64'));
    }
  }
  ctx.req = Readable.from([body]);
  await complete();
  if (algorithm === 'SHA256' && ctx.body && typeof ctx.body === 'object') {
    const result = (ctx.body as { CompleteMultipartUploadResult?: Record<string, unknown> })
      .CompleteMultipartUploadResult;
    const combined = createHash('sha256').update(Buffer.concat(digests)).digest('base64');
    if (result) result.ChecksumSHA256 = `${combined}-${digests.length}`;
  }
}
