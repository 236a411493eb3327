import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from './audit/record-audit.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiTokens, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { fingerprint, readToken, signToken } from '../auth/signed-tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAttemptCounter, type AttemptLimit } from './attempt-counter.ts';
import { DomainError } from './errors.ts';
import type { SessionService } from './sessions.service.ts';

const PURPOSE = 'password-reset';

/**
 * Password reset by mail. The link's token is signed and bound to the
 * current password hash: the reset changes the hash, so the link works once,
 * and a password changed any other way kills the links sent before.
 */
export function createPasswordResetService(deps: {
  db: Database;
  config: Config;
  sessions: SessionService;
  mailer: Mailer;
}) {
  const { db, config, sessions } = deps;
  const { passwordResetMs, passwordResetsPerHour, localLogin } = config.accounts;
  const hourly = createAttemptCounter(db, 60 * 60_000);
  const attempts = createAttemptCounter(db, config.login.windowMs);

  async function reserve(counter: typeof hourly, limits: AttemptLimit[]): Promise<void> {
    const reserved = await counter.reserve(limits);
    if (!reserved.ok) {
      const seconds = reserved.retryAfterSeconds;
      throw new DomainError('tooMany', 'tooManyAttempts', {
        params: { minutes: Math.ceil(seconds / 60) },
        retryAfterSeconds: seconds,
      });
    }
  }

  const invalidLink = () =>
    new DomainError('invalid', 'validation', {
      errors: [{ field: 'token', messages: ['resetLinkInvalid'] }],
    });

  return {
    /**
     * Mails a reset link when the address belongs to an active account; the
     * caller learns nothing either way. Counted per address and per client.
     */
    async request(email: string, address: string, language: string): Promise<void> {
      if (!localLogin) throw new DomainError('forbidden', 'localLoginDisabled');
      await reserve(hourly, [
        { key: `reset:email:${email}`, max: passwordResetsPerHour },
        { key: `reset:address:${address}`, max: passwordResetsPerHour * 10 },
      ]);
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user?.active) return;
      const token = signToken(config.secretKey, PURPOSE, {
        u: user.id,
        e: Math.floor((Date.now() + passwordResetMs) / 1000),
        f: fingerprint(user.passwordHash ?? ''),
      });
      await deps.mailer.queue(db, {
        to: user.email,
        template: 'password-reset',
        language: user.locale ?? language,
        params: {
          url: `${config.siteUrl}/reset-password?${new URLSearchParams({ token }).toString()}`,
          minutes: String(Math.round(passwordResetMs / 60_000)),
        },
      });
    },

    /**
     * Sets the new password if the link is valid, unexpired and unused; closes
     * every session, revokes the API tokens when asked, and counts the
     * address as verified (the link reached it). Parallel uses of one link:
     * the update compares the old hash, so exactly one succeeds.
     */
    async reset(
      input: { token: string; password: string; revoke_tokens: boolean },
      address: string,
    ): Promise<number> {
      if (!localLogin) throw new DomainError('forbidden', 'localLoginDisabled');
      await reserve(attempts, [
        { key: `reset-link:address:${address}`, max: config.login.maxFailuresPerAddress },
      ]);
      const claims = readToken(config.secretKey, PURPOSE, input.token);
      if (!claims) throw invalidLink();
      const [user] = await db.select().from(users).where(eq(users.id, claims.u));
      if (!user?.active || fingerprint(user.passwordHash ?? '') !== claims.f) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            passwordHash,
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(users.id, user.id),
              // An account that signs in only through providers gets its first password.
              user.passwordHash === null
                ? isNull(users.passwordHash)
                : eq(users.passwordHash, user.passwordHash),
            ),
          )
          .returning({ id: users.id });
        if (!row) return false;
        if (input.revoke_tokens) await tx.delete(apiTokens).where(eq(apiTokens.userId, user.id));
        await recordAudit(
          tx,
          { userId: user.id, address },
          {
            action: 'account.password_change',
            subject: { type: 'user', id: user.id },
            after: { password_changed: true, via: 'reset', tokens_revoked: input.revoke_tokens },
          },
        );
        return true;
      });
      if (!changed) throw invalidLink();
      await attempts.release(`reset-link:address:${address}`);
      await sessions.closeAllOf(user.id);
      return user.id;
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
