import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What the browser carries between the redirect to a provider and its answer. */
export interface LoginFlow {
  provider: string;
  state: string;
  nonce: string;
  /** The PKCE code verifier: sealed, so only this site can read it. */
  verifier: string;
  /** Where the web app goes afterwards. */
  next: string;
  /** Set when a signed-in user links the identity to their account. */
  linkUserId: number | null;
  /** Expiry, in milliseconds since the epoch. */
  expires: number;
}

const key = (secret: string) => createHash('sha256').update(`oidc-flow.${secret}`).digest();

/**
 * The flow lives in an encrypted cookie, not in a table or in memory: any app
 * server can finish a login another one started, and nothing is left behind.
 */
export function sealFlow(secret: string, flow: LoginFlow): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The flow of a well-sealed, unexpired cookie; null for anything else. */
export function openFlow(secret: string, sealed: string, now = Date.now()): LoginFlow | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    const flow = JSON.parse(text.toString('utf8')) as LoginFlow;
    return flow.expires > now ? flow : null;
  } catch {
    return null;
  }
}
