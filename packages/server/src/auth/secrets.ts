import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new unguessable token: 256 random bits, URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
