import { seal, unseal } from '../sealed.ts';

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

/**
 * The flow lives in an encrypted cookie, not in a table or in memory: any app
 * server can finish a login another one started, and nothing is left behind.
 */
export function sealFlow(secret: string, flow: LoginFlow): string {
  return seal(secret, 'oidc-flow', flow);
}

/** The flow of a well-sealed, unexpired cookie; null for anything else. */
export function openFlow(secret: string, sealed: string, now = Date.now()): LoginFlow | null {
  const flow = unseal(secret, 'oidc-flow', sealed) as LoginFlow | null;
  return flow && flow.expires > now ? flow : null;
}
