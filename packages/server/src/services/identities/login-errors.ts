/**
 * Why a sign-in through a provider failed; the web app shows
 * `auth.providerError.<code>` in the user's language.
 */
export type ProviderErrorCode =
  | 'denied'
  | 'expired'
  | 'state'
  | 'failed'
  | 'unavailable'
  | 'noAccount'
  | 'noEmail'
  | 'unverifiedAccount'
  | 'domain'
  | 'taken'
  | 'inactive';

export class ProviderLoginError extends Error {
  readonly code: ProviderErrorCode;
  constructor(code: ProviderErrorCode, cause?: unknown) {
    super(`sign-in through a provider failed: ${code}`, { cause });
    this.code = code;
  }
}
