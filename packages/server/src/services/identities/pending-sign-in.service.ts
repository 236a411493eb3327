import type { ErrorMessageKey } from '@arca/schema';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { seal, unseal } from '../../auth/sealed.ts';
import { fingerprint, readToken, signToken } from '../../auth/signed-tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createAttemptCounter } from '../attempt-counter.ts';
import { DomainError } from '../errors.ts';
import type { ExternalProfile, IdentityService } from './identities.service.ts';
import { ProviderLoginError } from './login-errors.ts';

/** How long the browser may take to give its address after the provider's answer. */
export const PENDING_LIFETIME_MS = 30 * 60_000;
/** How long the mailed link finishes the sign-in. */
export const PENDING_LINK_LIFETIME_MS = 60 * 60_000;
const PURPOSE = 'identity-email';
/** Longer texts are cut so that the link stays short. */
const MAX_TEXT = 200;

/** A provider's identity waiting for an address: it lives sealed in the browser's cookie. */
export interface PendingSignIn {
  profile: ExternalProfile;
  next: string;
  expires: number;
}

/** What the pending service needs of a provider's configuration. */
export interface PendingRules {
  name: string;
  createAccounts: boolean;
  allowedDomains: string[];
}

const fieldError = (field: string, message: ErrorMessageKey) =>
  new DomainError('invalid', 'validation', { errors: [{ field, messages: [message] }] });

/**
 * A first sign-in whose provider shares no confirmed address (ORCID never
 * does). The checked identity waits, sealed in the browser, while the person
 * gives an address; a signed link mailed there carries the identity, and
 * following it makes the account (or joins the one of that verified address)
 * with the identity linked. Nothing is stored before the link is followed.
 */
export function createPendingSignInService(deps: {
  db: Database;
  config: Config;
  mailer: Mailer;
  identities: IdentityService;
  rulesOf: (provider: string) => PendingRules | undefined;
}) {
  const { config } = deps;
  const mails = createAttemptCounter(deps.db, 60 * 60_000);
  const invalidLink = () => fieldError('token', 'verifyLinkInvalid');

  /** The pending sign-in of a sealed cookie, while it lasts and its provider is configured. */
  function read(sealed: string | undefined, now = Date.now()): PendingSignIn | null {
    const pending = sealed ? (unseal(config.secretKey, PURPOSE, sealed) as PendingSignIn) : null;
    if (!pending || pending.expires <= now) return null;
    return deps.rulesOf(pending.profile.provider) ? pending : null;
  }

  return {
    read,

    /** Seals a checked identity without an address for the browser to carry. */
    hold(profile: ExternalProfile, next: string): string {
      const kept: PendingSignIn = {
        profile: {
          ...profile,
          name: profile.name.slice(0, MAX_TEXT),
          affiliation: profile.affiliation.slice(0, MAX_TEXT),
        },
        next,
        expires: Date.now() + PENDING_LIFETIME_MS,
      };
      return seal(config.secretKey, PURPOSE, kept);
    },

    /** The provider's display name and the person's name, for the page asking the address. */
    describe(sealed: string | undefined) {
      const pending = read(sealed);
      if (!pending) return null;
      return { provider: deps.rulesOf(pending.profile.provider)!.name, name: pending.profile.name };
    },

    /**
     * Mails the address a link that finishes the sign-in. The answer is the
     * same whether or not the address has an account.
     */
    async mailLink(sealed: string | undefined, email: string, language: string) {
      const pending = read(sealed);
      if (!pending) throw fieldError('email', 'signInExpired');
      const { profile } = pending;
      const rules = deps.rulesOf(profile.provider)!;
      const domain = email.split('@')[1] ?? '';
      if (rules.allowedDomains.length > 0 && !rules.allowedDomains.includes(domain)) {
        throw fieldError('email', 'emailDomainNotAllowed');
      }
      const reserved = await mails.reserve([
        {
          key: `identity-email:${profile.provider}:${profile.subject}`,
          max: config.accounts.passwordResetsPerHour,
        },
      ]);
      if (!reserved.ok) {
        const seconds = reserved.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
      const token = signToken(config.secretKey, PURPOSE, {
        u: 0,
        e: Math.floor((Date.now() + PENDING_LINK_LIFETIME_MS) / 1000),
        f: fingerprint(email),
        n: email,
        i: {
          p: profile.provider,
          s: profile.subject,
          name: profile.name,
          aff: profile.affiliation,
          orcid: profile.orcid,
        },
      });
      await deps.mailer.queue(deps.db, {
        to: email,
        template: 'identity-email',
        language,
        params: {
          url: `${config.siteUrl}/verify-email?${new URLSearchParams({ token }).toString()}`,
          minutes: String(PENDING_LINK_LIFETIME_MS / 60_000),
          provider: rules.name,
        },
      });
      return { email };
    },

    /**
     * Finishes the sign-in a followed link confirms, once; null when the token
     * is no such link (it may be another kind of mailed link).
     */
    async complete(
      token: string,
      address?: string,
    ): Promise<{ userId: number; provider: string; subject: string } | null> {
      const claims = readToken(config.secretKey, PURPOSE, token);
      if (!claims) return null;
      const identity = claims.i;
      const email = claims.n;
      if (!identity || !email || fingerprint(email) !== claims.f) throw invalidLink();
      const rules = deps.rulesOf(identity.p);
      if (!rules) throw invalidLink();
      try {
        const user = await deps.identities.attachOnce(
          {
            provider: identity.p,
            subject: identity.s,
            verifiedEmail: email,
            name: identity.name,
            affiliation: identity.aff,
            orcid: identity.orcid,
          },
          rules,
          address,
        );
        return { userId: user.id, provider: identity.p, subject: identity.s };
      } catch (error) {
        // The link was used already, or a parallel use of it won.
        if (isUniqueViolation(error)) throw invalidLink();
        if (!(error instanceof ProviderLoginError)) throw error;
        if (error.code === 'inactive') throw fieldError('token', 'accountInactive');
        if (error.code === 'noAccount') throw fieldError('token', 'providerNoAccount');
        throw fieldError('token', 'providerUnverifiedAccount');
      }
    },
  };
}

export type PendingSignInService = ReturnType<typeof createPendingSignInService>;
