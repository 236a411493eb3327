import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Part URLs of local multipart uploads carry an HMAC and an expiry, so a
 * client (or a helper it hands them to) can PUT parts without a session,
 * only to that upload, and only until the URL expires.
 */
export function createPartSigner(secret: string) {
  const sign = (objectId: string, part: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`file-part\n${objectId}\n${part}\n${expires}`)
      .digest('base64url');
  return {
    sign,
    /** 'valid', 'expired' or 'invalid' (a forged or foreign signature). */
    check(
      objectId: string,
      part: number,
      expires: number,
      signature: string,
      now = Date.now(),
    ): 'valid' | 'expired' | 'invalid' {
      const expected = Buffer.from(sign(objectId, part, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 < now ? 'expired' : 'valid';
    },
  };
}

export type PartSigner = ReturnType<typeof createPartSigner>;
