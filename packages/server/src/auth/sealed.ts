import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const key = (secret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}.${secret}`).digest();

/**
 * Encrypts and authenticates a value for the browser to carry (AES-256-GCM):
 * only this site can read or make one, and the purpose keeps one kind of
 * sealed value from standing in for another.
 */
export function seal(secret: string, purpose: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value of a well-sealed text of this purpose; null for anything else. */
export function unseal(secret: string, purpose: string, sealed: string): unknown {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(secret, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
