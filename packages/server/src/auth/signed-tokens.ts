import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from './secrets.ts';

/** What a mailed link proves: the purpose keeps a verification link from resetting a password. */
export type TokenPurpose =
  | 'password-reset'
  | 'email-verification'
  | 'email-change'
  | 'identity-email'
  | 'community-invitation';

export interface SignedClaims {
  /** The user. */
  u: number;
  /** Expiry, in seconds since the epoch. */
  e: number;
  /** A fingerprint of the state the token was made for (a password hash, an address). */
  f: string;
  /** The new address an address change confirms. */
  n?: string;
  /** The provider's identity an address confirms for a first sign-in. */
  i?: { p: string; s: string; name: string; aff: string; orcid: string | null };
}

const mac = (secret: string, purpose: TokenPurpose, body: string) =>
  createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');

/**
 * A link token needs no table: its claims travel in it, signed with the site's
 * secret. It is single-use because it names a fingerprint of the state it was
 * made for, which the action it allows changes.
 */
export function signToken(secret: string, purpose: TokenPurpose, claims: SignedClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export function readToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  now = Date.now(),
): SignedClaims | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, mac(secret, purpose, body))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedClaims;
    if (!Number.isInteger(claims.u) || typeof claims.f !== 'string') return null;
    if (typeof claims.e !== 'number' || claims.e * 1000 <= now) return null;
    if (claims.n !== undefined && typeof claims.n !== 'string') return null;
    if (claims.i !== undefined && (typeof claims.i !== 'object' || claims.i === null)) return null;
    return claims;
  } catch {
    return null;
  }
}

/** A short, one-way fingerprint of a value a token is bound to. */
export function fingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}
