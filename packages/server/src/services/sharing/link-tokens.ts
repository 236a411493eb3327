import { createHmac } from 'node:crypto';
import { safeEqual } from '../../auth/secrets.ts';

/**
 * A secret link's token is its id and an HMAC of it under the site secret:
 * unforgeable without the secret, and nothing secret is stored. Deleting or
 * expiring the link row revokes it.
 */
export function linkTokens(secretKey: string) {
  const mac = (id: string) =>
    createHmac('sha256', secretKey).update(`secret-link:${id}`).digest('base64url');
  return {
    tokenFor: (id: string) => `${id}.${mac(id)}`,
    /** The link id a well-formed, authentic token names, or null. */
    verify(token: string): string | null {
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      return safeEqual(token.slice(dot + 1), mac(id)) ? id : null;
    },
  };
}

export type LinkTokens = ReturnType<typeof linkTokens>;
