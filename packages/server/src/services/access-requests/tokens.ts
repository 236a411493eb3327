import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../auth/secrets.ts';

/** What a guest asked for, carried in the verification link until they confirm it. */
export interface GuestClaim {
  recordId: string;
  email: string;
  fullName: string;
  message: string;
  consent: boolean;
  /** Tells two confirmations of the same link from two requests. */
  nonce: string;
}

/** A guest's verification link lives this long (issue 5: 6 hours). */
export const VERIFICATION_LIFETIME_MS = 6 * 60 * 60 * 1000;

export type VerifyResult =
  { ok: true; claim: GuestClaim } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signed tokens of access requests, so no table is needed: a guest's
 * verification token (the claim and its expiry, HMAC-signed under the site
 * secret) and the token that lets a guest follow their request (an HMAC of
 * the request id). Both are checked in constant time.
 */
export function accessRequestTokens(secretKey: string) {
  const mac = (purpose: string, value: string) =>
    createHmac('sha256', secretKey).update(`${purpose}:${value}`).digest('base64url');

  return {
    verificationToken(
      claim: Omit<GuestClaim, 'nonce'>,
      now = Date.now(),
    ): { token: string; claim: GuestClaim } {
      const full: GuestClaim = { ...claim, nonce: randomBytes(16).toString('base64url') };
      const body = Buffer.from(
        JSON.stringify({ ...full, expiresAt: now + VERIFICATION_LIFETIME_MS }),
      ).toString('base64url');
      return { token: `${body}.${mac('access-request-verification', body)}`, claim: full };
    },

    verifyVerification(token: string, now = Date.now()): VerifyResult {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return { ok: false, reason: 'invalid' };
      const body = token.slice(0, dot);
      if (!safeEqual(token.slice(dot + 1), mac('access-request-verification', body))) {
        return { ok: false, reason: 'invalid' };
      }
      let parsed: GuestClaim & { expiresAt: number };
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof parsed.expiresAt !== 'number' || parsed.expiresAt < now) {
        return { ok: false, reason: 'expired' };
      }
      const { expiresAt: _expiresAt, ...claim } = parsed;
      return { ok: true, claim };
    },

    /** The token of a guest's request link (`?access_request_token=`). */
    requestToken: (requestId: string) => `${requestId}.${mac('access-request', requestId)}`,

    /** The request a presented request token names, or null when it is not authentic. */
    verifyRequestToken(token: string): string | null {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      return safeEqual(token.slice(dot + 1), mac('access-request', id)) ? id : null;
    },
  };
}

export type AccessRequestTokens = ReturnType<typeof accessRequestTokens>;
