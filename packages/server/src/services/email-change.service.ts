import { and, eq } from 'drizzle-orm';
import type { EmailChange } from '@arca/schema';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { users } from '../db/schema.ts';
import { fingerprint, readToken, signToken } from '../auth/signed-tokens.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAttemptCounter } from './attempt-counter.ts';
import { recordAudit } from './audit/record-audit.ts';
import { DomainError, notFound } from './errors.ts';
import type { LoginLimiter } from './login-limiter.service.ts';
import type { SessionService } from './sessions.service.ts';

const PURPOSE = 'email-change';
const SETTINGS_PAGE = '/me/settings';

const fieldError = (field: string, message: string) =>
  new DomainError('invalid', 'validation', { errors: [{ field, messages: [message] }] });

/**
 * Changing one's own address: the link goes to the new address and the
 * address changes only when it is followed, so nobody can move an account to
 * an address they do not read. The token names the old address's fingerprint:
 * it works once, and not after another change. The old address is told.
 */
export function createEmailChangeService(deps: {
  db: Database;
  config: Config;
  sessions: SessionService;
  mailer: Mailer;
  limiter: LoginLimiter;
}) {
  const { db, config } = deps;
  const requests = createAttemptCounter(db, 60 * 60_000);
  const invalidLink = () => fieldError('token', 'verifyLinkInvalid');

  return {
    /** Checks the password, then mails a link to the new address; nothing changes yet. */
    async request(userId: number, change: EmailChange, address: string, language: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      await deps.limiter.reserve(user.email, address);
      if (!(await verifyPassword(user.passwordHash, change.current_password))) {
        throw fieldError('current_password', 'wrongCurrentPassword');
      }
      await deps.limiter.recordSuccess(user.email, address);
      const email = change.email.toLowerCase();
      if (email === user.email) throw fieldError('email', 'emailUnchanged');
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw fieldError('email', 'emailTaken');
      const reserved = await requests.reserve([
        { key: `email-change:user:${userId}`, max: config.accounts.passwordResetsPerHour },
      ]);
      if (!reserved.ok) {
        const seconds = reserved.retryAfterSeconds;
        throw new DomainError('tooMany', 'tooManyAttempts', {
          params: { minutes: Math.ceil(seconds / 60) },
          retryAfterSeconds: seconds,
        });
      }
      const token = signToken(config.secretKey, PURPOSE, {
        u: user.id,
        e: Math.floor((Date.now() + config.accounts.emailVerificationMs) / 1000),
        f: fingerprint(user.email),
        n: email,
      });
      await deps.mailer.queue(db, {
        to: email,
        template: 'email-change',
        language: user.locale ?? language,
        params: {
          url: `${config.siteUrl}/verify-email?${new URLSearchParams({ token }).toString()}`,
          hours: String(Math.round(config.accounts.emailVerificationMs / 3600_000)),
        },
      });
      return { email };
    },

    /**
     * Changes the address a link confirms, and tells the old one. False when
     * the token is no address-change token (it may be another kind of link).
     * `address` is where the link was followed from, for the audit log.
     */
    async confirm(token: string, address?: string): Promise<boolean> {
      const claims = readToken(config.secretKey, PURPOSE, token);
      if (!claims) return false;
      const email = claims.n;
      const [user] = await db.select().from(users).where(eq(users.id, claims.u));
      if (!email || !user?.active || fingerprint(user.email) !== claims.f) throw invalidLink();
      try {
        await db.transaction(async (tx) => {
          const [changed] = await tx
            .update(users)
            .set({ email, emailVerifiedAt: new Date() })
            .where(and(eq(users.id, user.id), eq(users.email, user.email)))
            .returning({ id: users.id });
          if (!changed) throw invalidLink();
          // The account's owner acts: only they read the mail the link went to.
          await recordAudit(
            tx,
            { userId: user.id, address },
            {
              action: 'account.email_change',
              subject: { type: 'user', id: user.id },
              before: { email: user.email },
              after: { email },
            },
          );
          await deps.mailer.queue(tx, {
            to: user.email,
            template: 'email-changed',
            language: user.locale ?? 'en',
            params: { url: `${config.siteUrl}${SETTINGS_PAGE}`, address: email },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw fieldError('email', 'emailTaken');
        throw error;
      }
      deps.sessions.forgetUser(user.id);
      return true;
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
